// Package tx: functions that end the transaction their receiver or a
// parameter holds.
package tx

import (
	"database/sql"
	"net/http"
)

type unitOfWork struct {
	tx  *sql.Tx
	url string
}

func (u *unitOfWork) finish() error { // want finish:`net\(http\.Get\); endsTx\(recv\)`
	if err := u.tx.Commit(); err != nil {
		return err
	}
	_, err := http.Get(u.url)
	return err
}

// finish ends the transaction it is passed.
func finish(tx *sql.Tx, err error) error { // want finish:`^endsTx\(p0\)$`
	if err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// touch uses the transaction without ending it: no transaction effect,
// only the write.
func touch(tx *sql.Tx) error { // want touch:`^write\(\(\*sql\.Tx\)\.Exec\)$`
	_, err := tx.Exec("UPDATE t SET n = n + 1")
	return err
}
