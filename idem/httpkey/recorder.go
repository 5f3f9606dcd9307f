package httpkey

import (
	"bytes"
	"net/http"
	"strconv"
)

// stored is a row of idempotency_key as a repeat sees it.
type stored struct {
	hash       []byte
	status     int
	header     map[string][]string
	body       []byte
	bodyStored bool
	expired    bool
}

// recorder buffers the handler's response until it is stored, up to limit
// bytes of body. Past the limit it streams: the status, the headers and what
// was buffered go to the client at once and later writes pass through; the
// response is then not stored (see the package doc).
type recorder struct {
	w         http.ResponseWriter
	header    http.Header
	status    int
	body      bytes.Buffer
	limit     int64
	streaming bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 && code >= 200 { // 1xx are interim: not the response
		r.status = code
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	if r.streaming {
		return r.w.Write(p)
	}
	if int64(r.body.Len()+len(p)) > r.limit {
		r.stream()
		return r.w.Write(p)
	}
	return r.body.Write(p)
}

// stream sends the status, the headers and the buffered body, and switches
// to pass-through.
func (r *recorder) stream() {
	h := r.w.Header()
	for k, v := range r.header {
		h[k] = v
	}
	r.w.WriteHeader(r.statusCode())
	_, _ = r.w.Write(r.body.Bytes())
	r.body = bytes.Buffer{}
	r.streaming = true
}

func (r *recorder) statusCode() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}

// finish sends a buffered response (a streamed one is already out).
func (r *recorder) finish() {
	if !r.streaming {
		writeResponse(r.w, r.header, r.statusCode(), r.body.Bytes(), false)
	}
}

func writeResponse(w http.ResponseWriter, header map[string][]string, status int, body []byte, replayed bool) {
	h := w.Header()
	for k, v := range header {
		h[k] = v
	}
	if replayed {
		h.Set(ReplayedHeader, "true")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
