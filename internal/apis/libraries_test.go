package apis

import "testing"

func TestIsTableLibrary(t *testing.T) {
	for p, want := range map[string]bool{
		"github.com/segmentio/kafka-go":                true,
		"github.com/segmentio/kafka-go/protocol/fetch": true,
		"github.com/jackc/pgx/v5/pgxpool":              true,
		"github.com/riverqueue/river/riverdriver":      true,
		"gorm.io/gorm": true,
		"github.com/segmentio/kafka-go/examples/consumer-logger":           false, // a program using it
		"github.com/ThreeDotsLabs/watermill/_examples/real-world-examples": false,
		"github.com/segmentio/kafka-goodies":                               false, // a prefix, not a path
		"example.com/shop/orders":                                          false,
		"github.com/sqlc-dev/sqlc/internal/cmd":                            false,
	} {
		if got := IsTableLibrary(p); got != want {
			t.Errorf("IsTableLibrary(%q) = %v, want %v", p, got, want)
		}
	}
}
