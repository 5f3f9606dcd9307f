// Stub of resty.dev/v3 v3.0.0-rc.4 (response.go): only the declarations used by tests.
package resty

// Response struct holds response values of executed requests.
type Response struct{}
