// Stub of github.com/twmb/franz-go/pkg/kgo v1.22.3 (record_and_fetch.go): only the declarations idemlint's tests use.
package kgo

// FetchesRecordIter iterates over records in a fetch.
type FetchesRecordIter struct{}

// RecordIter returns an iterator over all records in a fetch.
func (fs Fetches) RecordIter() *FetchesRecordIter { return &FetchesRecordIter{} }

// Done returns whether there are any more records to iterate over.
func (i *FetchesRecordIter) Done() bool { return true }

// Next returns the next record from a fetch.
func (i *FetchesRecordIter) Next() *Record { return nil }
