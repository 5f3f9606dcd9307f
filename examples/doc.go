// Package examples holds two small services compiled against the real
// libraries: bad/ shows every anti-pattern idemlint reports, good/ the correct
// forms, on which idemlint must stay silent.
package examples
