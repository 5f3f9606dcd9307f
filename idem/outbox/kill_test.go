package outbox_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/idemlint/idemlint/idem/outbox/kafkago"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

const childEnv = "IDEM_OUTBOX_RELAY_CHILD"

type childConfig struct {
	Conn     string
	Addrs    []string
	TwoPhase bool
	Stop     string // "before-publish" or "after-publish": where the child waits to be killed
}

// TestRelayChildProcess is the relay process that TestRelayKilled kills.
// It does nothing unless started by TestRelayKilled.
func TestRelayChildProcess(t *testing.T) {
	raw := os.Getenv(childEnv)
	if raw == "" {
		t.Skip("runs only as TestRelayKilled's child process")
	}
	var cfg childConfig
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(context.Background(), cfg.Conn)
	if err != nil {
		t.Fatal(err)
	}
	w := &kafka.Writer{Addr: kafka.TCP(cfg.Addrs...), RequiredAcks: kafka.RequireAll, BatchTimeout: 5 * time.Millisecond, Balancer: &kafka.Hash{}}
	pub, err := kafkago.New(w)
	if err != nil {
		t.Fatal(err)
	}
	r := &outbox.Relay{DB: pool, BatchSize: 40, TwoPhase: cfg.TwoPhase,
		Publisher: outbox.PublisherFunc(func(ctx context.Context, msgs []outbox.Message) error {
			if cfg.Stop == "before-publish" {
				fmt.Println("ready to be killed")
				select {}
			}
			if err := pub.Publish(ctx, msgs); err != nil {
				return err
			}
			fmt.Println("ready to be killed")
			select {}
		})}
	_ = r.Run(context.Background())
}

// TestRelayKilled SIGKILLs a relay process inside a batch, before and after
// the broker accepted it, and checks that a new relay publishes everything:
// the dead process's transaction and row locks are gone (default mode) or
// its PUBLISHING rows are recovered by the cleanup (two-phase).
func TestRelayKilled(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("in the child")
	}
	for _, twoPhase := range []bool{false, true} {
		for _, stop := range []string{"before-publish", "after-publish"} {
			t.Run(fmt.Sprintf("two-phase=%v/%s", twoPhase, stop), func(t *testing.T) {
				t.Parallel()
				e := setup(t, "kafka-go")
				e.enqueue(t, 0, 60)
				cfg, _ := json.Marshal(childConfig{Conn: e.pool.Config().ConnString(), Addrs: e.addrs, TwoPhase: twoPhase, Stop: stop})
				cmd := exec.Command(os.Args[0], "-test.run=^TestRelayChildProcess$", "-test.count=1")
				cmd.Env = append(os.Environ(), childEnv+"="+string(cfg))
				out, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				cmd.Stderr = os.Stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				ready := make(chan bool, 1)
				go func() {
					sc := bufio.NewScanner(out)
					for sc.Scan() {
						if strings.Contains(sc.Text(), "ready to be killed") {
							ready <- true
							return
						}
					}
					ready <- false
				}()
				select {
				case ok := <-ready:
					if !ok {
						t.Fatal("child relay exited before its batch")
					}
				case <-time.After(20 * time.Second):
					_ = cmd.Process.Kill()
					t.Fatal("child relay never reached its batch")
				}
				_ = cmd.Process.Kill() // SIGKILL: no defer, no rollback from the client
				_ = cmd.Wait()

				r := e.relay(twoPhase)
				if twoPhase {
					if st := e.status(t); st["PUBLISHING"] != 40 {
						t.Fatalf("statuses after the kill %v, want 40 PUBLISHING", st)
					}
					if _, err := e.pool.Exec(context.Background(),
						`UPDATE outbox_event SET locked_at = locked_at - interval '2 minutes' WHERE status = 'PUBLISHING'`); err != nil {
						t.Fatal(err)
					}
					if n, err := r.ResetStuck(context.Background()); err != nil || n != 40 {
						t.Fatalf("ResetStuck = %d, %v", n, err)
					}
				}
				drain(t, r)
				maxTimes := 1
				if stop == "after-publish" {
					maxTimes = 2
				}
				got := e.checkAll(t, 60, maxTimes)
				dups := 0
				for _, n := range got {
					dups += n - 1
				}
				if want := 40 * (maxTimes - 1); dups != want {
					t.Errorf("%d duplicates, want %d", dups, want)
				}
			})
		}
	}
}
