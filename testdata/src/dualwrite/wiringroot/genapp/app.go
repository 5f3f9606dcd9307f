// want package:`wired\(1\)`

// Package genapp is wired by generated code: the finding goes to the
// package's own mention of the use case's interface.
package genapp

import "dualwrite/wiringroot/usecase"

type App struct {
	Service *usecase.Service
	Pub     usecase.Publisher // want `usecase\.\(\*Service\)\.Place \(usecase\.go:35\) writes .* \(wired here\)`
}

func New(svc *usecase.Service, pub usecase.Publisher) *App { return &App{Service: svc, Pub: pub} }
