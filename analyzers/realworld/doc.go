// Package realworld holds no code: its tests run each analyzer over shapes met
// in public services (docs/real-world.md), written here by hand, never copied.
// Every case lives in testdata/src/realworld/<analyzer>/<shape>/ and belongs
// to one analyzer: `// want` marks what it must report (a real bug) and a
// case with no marker must stay silent (correct code, or a unit already made
// retry-safe by a second mechanism).
package realworld
