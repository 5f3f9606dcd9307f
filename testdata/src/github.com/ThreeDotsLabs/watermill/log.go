// Stub of github.com/ThreeDotsLabs/watermill v1.4.6 (log.go): only the
// declarations used by tests.
package watermill

// LogFields is the logger's key-value list of fields.
type LogFields map[string]interface{}

// LoggerAdapter is an interface, that you need to implement to support Watermill logging.
type LoggerAdapter interface {
	Error(msg string, err error, fields LogFields)
	Info(msg string, fields LogFields)
}
