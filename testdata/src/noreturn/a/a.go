// Package a holds the cases of internal/noreturn's tests: its facts, and
// the same answers and CFGs as x/tools' ctrlflow.
package a

import (
	"fmt"
	"log"
	"os"
)

func fatal(msg string) { // want fatal:"noReturn"
	log.Print(msg)
	os.Exit(1)
}

func fatalf(format string, args ...any) { // want fatalf:"noReturn"
	fatal(fmt.Sprintf(format, args...))
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func loop() { // want loop:"noReturn"
	for {
	}
}

// Mutual recursion: ctrlflow breaks the cycle where it enters it, so
// neither is found not to return.
func ping(n int) {
	pong(n)
}

func pong(n int) {
	ping(n + 1)
}

// While exitA's CFG is built, exitB is still being worked on: its call may
// return there, and exitA's CFG has a block after it; once exitB is known
// not to return, a CFG built afresh would not. Result keeps ctrlflow's.
func exitB() { // want exitB:"noReturn"
	exitA()
}

func exitA() { // want exitA:"noReturn"
	exitB()
	os.Exit(1)
}

func use(x int) int {
	if x < 0 {
		fatalf("negative %d", x)
	}
	must(nil)
	f := func() {
		log.Fatal("in a literal")
	}
	defer f()
	func() { os.Exit(2) }()
	return x
}
