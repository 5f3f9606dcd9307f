package httpkey

import (
	"bytes"
	"net/http"
	"strconv"
)

type response struct {
	status int
	header map[string][]string
	body   []byte
}

// recorder buffers the handler's response until it is stored.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(p)
}

func (r *recorder) statusCode() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}

func (r *recorder) writeTo(w http.ResponseWriter, replayed bool) {
	h := w.Header()
	for k, v := range r.header {
		h[k] = v
	}
	if replayed {
		h.Set(ReplayedHeader, "true")
	}
	h.Set("Content-Length", strconv.Itoa(r.body.Len()))
	w.WriteHeader(r.statusCode())
	_, _ = w.Write(r.body.Bytes())
}
