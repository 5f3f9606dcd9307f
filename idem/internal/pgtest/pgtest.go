// Package pgtest runs the idem packages' tests against a real PostgreSQL
// server: a throwaway cluster made with the installed server binaries
// (initdb, postgres) in a temporary directory, listening only on a unix
// socket there, shared by all tests of one test binary, with a fresh
// database per test.
//
// Use it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
//	func TestX(t *testing.T) {
//		pool := pgtest.NewDB(t, dedup.Schema)
//		...
//	}
//
// When no server binaries are installed (or the cluster does not start),
// NewDB skips the test and says why; when the environment variable CI is
// set, it fails instead, so CI cannot pass without running these tests.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	once      sync.Once
	stopFn    func()
	socketDir string // where the server's socket lives; "" if not started
	startErr  error  // why the server did not start
	dbSeq     atomic.Int64
)

// Main runs the tests and then stops the cluster, if a test started it. It
// returns the exit code for os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	if stopFn != nil {
		stopFn()
	}
	return code
}

// ensure starts the cluster on first use, so a test binary whose selected
// tests need no database (or a child process re-executing it) starts none.
func ensure() {
	once.Do(func() {
		stopFn, startErr = start()
		if startErr != nil {
			fmt.Fprintf(os.Stderr, "pgtest: PostgreSQL not started: %v\n", startErr)
		}
	})
}

// NewDB creates an empty database for the test, runs the given schema
// statements in it and returns a pool connected to it. The pool is closed
// and the database dropped when the test ends.
func NewDB(t testing.TB, schema ...string) *pgxpool.Pool {
	t.Helper()
	ensure()
	if socketDir == "" {
		msg := "PostgreSQL is not available: " + fmt.Sprint(startErr) +
			" (install the server binaries, e.g. apt-get install postgresql)"
		unavailable(t, msg)
		return nil
	}
	ctx := context.Background()
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbSeq.Add(1))
	admin, err := pgx.Connect(ctx, ConnString("postgres"))
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	cfg, err := pgxpool.ParseConfig(ConnString(name))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 8
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("pool: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		c, err := pgx.Connect(context.Background(), ConnString("postgres"))
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	for _, s := range schema {
		if _, err := pool.Exec(ctx, s); err != nil {
			t.Fatalf("schema: %v\n%s", err, s)
		}
	}
	return pool
}

// unavailable skips the test with the reason outside CI, and fails it under
// CI (the environment variable CI set to anything but "", "0" or "false",
// as CI services set CI=true), so CI cannot pass without the database tests.
func unavailable(t testing.TB, reason string) {
	t.Helper()
	if ci := os.Getenv("CI"); ci != "" && ci != "0" && !strings.EqualFold(ci, "false") {
		t.Fatal(reason + " (failing: CI is set)")
		return
	}
	t.Skip(reason + " (skipped: CI is not set)")
}

// ConnString is the connection string of database db on the test server.
func ConnString(db string) string {
	return fmt.Sprintf("host=%s port=5432 user=postgres dbname=%s sslmode=disable", socketDir, db)
}

// binDir finds the newest installed PostgreSQL server's bin directory.
func binDir() (string, error) {
	if d := os.Getenv("PGTEST_BIN"); d != "" {
		return d, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		if p, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p), nil
		}
		return "", errors.New("no initdb under /usr/lib/postgresql/*/bin or in PATH")
	}
	sort.Slice(matches, func(i, j int) bool {
		return version(matches[i]) > version(matches[j])
	})
	return filepath.Dir(matches[0]), nil
}

func version(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

// start makes a cluster in a temporary directory and starts the server.
// initdb and postgres refuse to run as root, so as root both run as the
// postgres user (or nobody) with the directory handed over to it.
func start() (stop func(), err error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	// As root the server runs as another user, who must reach the directory
	// (a TMPDIR under /root would not do), and a unix socket path is limited
	// to about 100 bytes: /tmp suits both.
	base := os.TempDir()
	if os.Geteuid() == 0 || len(base) > 60 {
		base = "/tmp"
	}
	dir, err := os.MkdirTemp(base, "idem-pgtest-")
	if err != nil {
		return nil, err
	}
	cleanup := func() { _ = os.RemoveAll(dir) }
	cred, err := credential(dir)
	if err != nil {
		cleanup()
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		cleanup()
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	srv := exec.Command(filepath.Join(bin, "postgres"), "-D", data,
		"-k", dir, "-c", "listen_addresses=", "-c", "port=5432",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=100", "-c", "shared_buffers=32MB")
	srv.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL, Setpgid: true}
	logf, _ := os.Create(filepath.Join(dir, "server.log"))
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		cleanup()
		return nil, fmt.Errorf("postgres: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = srv.Wait(); close(exited) }()
	stop = func() {
		_ = srv.Process.Signal(syscall.SIGINT) // fast shutdown
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = srv.Process.Kill()
			<-exited
		}
		if logf != nil {
			_ = logf.Close()
		}
		cleanup()
	}
	socketDir = dir
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := pgx.Connect(context.Background(), ConnString("postgres"))
		if err == nil {
			_ = c.Close(context.Background())
			return stop, nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			socketDir = ""
			cleanup()
			return nil, fmt.Errorf("postgres exited: %s", log)
		default:
		}
		if time.Now().After(deadline) {
			socketDir = ""
			stop()
			return nil, fmt.Errorf("postgres did not accept connections: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// credential returns the user the server runs as (nil: the current one) and
// gives it the directory.
func credential(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.Atoi(u.Uid)
		gid, err2 := strconv.Atoi(u.Gid)
		if err1 != nil || err2 != nil {
			continue
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
	}
	return nil, errors.New("running as root and there is no postgres or nobody user to run the server as")
}
