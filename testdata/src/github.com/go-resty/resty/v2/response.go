// Stub of github.com/go-resty/resty/v2 v2.17.2 (response.go): only the declarations used by tests.
package resty

// Response struct holds response values of executed requests.
type Response struct{}
