package httpkey

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// ProblemBase is the prefix of the "type" of the middleware's error bodies
// (RFC 9457 problem details); each type is a section of the doc page.
const ProblemBase = "https://github.com/idemlint/idemlint/blob/main/docs/idem.md#"

// Problem types, the fragment after ProblemBase.
const (
	ProblemKeyMissing    = "key-missing"         // 400: no Idempotency-Key
	ProblemKeyInvalid    = "key-invalid"         // 400: not a structured-field string, or too long
	ProblemUnknownCaller = "unknown-caller"      // 401: Scope returned ""
	ProblemBodyTooLarge  = "body-too-large"      // 413: request body over MaxBody
	ProblemBodyRead      = "body-read"           // 400: the request body could not be read
	ProblemKeyReused     = "key-reused"          // 422: the key was used for another request
	ProblemInProgress    = "in-progress"         // 409: a request with the key is still running
	ProblemNotStored     = "response-not-stored" // 410: the first response was too large to keep
	ProblemTxEnded       = "tx-ended-by-handler" // 500: the handler ended the key's transaction
	ProblemInternal      = "internal"            // 500: a database error
)

type problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
}

// writeProblem answers with an application/problem+json body.
func writeProblem(w http.ResponseWriter, status int, kind, title, detail string) {
	body, _ := json.Marshal(problem{Type: ProblemBase + kind, Title: title, Status: status, Detail: detail})
	h := w.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
