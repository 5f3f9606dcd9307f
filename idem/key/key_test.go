package key_test

import (
	"fmt"
	"testing"

	"github.com/idemlint/idemlint/idem/key"
)

func TestForStable(t *testing.T) {
	got := key.For("ord-42", "charge", "req-7")
	if got != "ord-42:charge:req-7" {
		t.Fatalf("For = %q", got)
	}
	for range 3 {
		if again := key.For("ord-42", "charge", "req-7"); again != got {
			t.Fatalf("For is not stable: %q then %q", got, again)
		}
	}
}

func TestForInjective(t *testing.T) {
	lists := [][]string{
		{""}, {"", ""}, {"a:b", "c"}, {"a", "b:c"}, {"a", "b", "c"}, {"a:b:c"},
		{"a%3Ab", "c"}, {"a%", "3Ab"}, {"%"}, {"%25"}, {":"}, {"", ":"}, {":", ""},
		{"ord-42", "charge", "req-7"}, {"ord-42:charge", "req-7"},
	}
	seen := map[string][]string{}
	seenHash := map[string][]string{}
	for _, l := range lists {
		k := key.For(l...)
		if prev, ok := seen[k]; ok {
			t.Errorf("For(%q) == For(%q) == %q", l, prev, k)
		}
		seen[k] = l
		h := key.Hashed(l...)
		if len(h) != 64 {
			t.Errorf("Hashed(%q) has length %d", l, len(h))
		}
		if prev, ok := seenHash[h]; ok {
			t.Errorf("Hashed(%q) == Hashed(%q)", l, prev)
		}
		seenHash[h] = l
	}
}

func TestHashedKnownValue(t *testing.T) {
	// sha256("a:b"): the format cannot change without this test noticing,
	// and a changed format would make every stored key miss after a deploy.
	const want = "6783a31eabf68ccc0660f935c0826282bdd2241f3a80a9f2d10d59aea9ebb5d8"
	if got := key.Hashed("a", "b"); got != want {
		t.Fatalf("Hashed(a, b) = %q, want %q", got, want)
	}
}

func ExampleFor() {
	orderID, requestID := "ord-42", "req-7"
	k := key.For(orderID, "charge", requestID) // once, before the retries
	for attempt := 0; attempt < 3; attempt++ {
		fmt.Println(attempt, k) // every attempt sends the same key
	}
	// Output:
	// 0 ord-42:charge:req-7
	// 1 ord-42:charge:req-7
	// 2 ord-42:charge:req-7
}

func TestForEmpty(t *testing.T) {
	if key.For() != "" {
		t.Fatalf("For() = %q", key.For())
	}
}
