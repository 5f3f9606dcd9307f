package directives

func bad() {}

func dup() {}

func silenced() {
	//idemlint:ignore fake the call is fine here
	bad()

	bad() //idemlint:ignore other,fake same line, two analyzers
}

func reasonless() {
	/* want `//idemlint:ignore fake needs a reason` */ //idemlint:ignore fake
	bad()                                              // want `finding`
}

func stale() {
	/* want `//idemlint:ignore fake silences no fake finding on its line or the next; remove the directive` */ //idemlint:ignore fake nothing to silence
	_ = 1

	//idemlint:ignore other only other's business
	_ = 2

	/* want `//idemlint:ignore fake,other silences no fake finding on its line or the next; remove fake from it` */ //idemlint:ignore fake,other nothing to silence
	_ = 3
}

func unknown() {
	/* want `//idemlint:ignore fak names unknown analyzer "fak"; did you mean fake\?` */ //idemlint:ignore fak typo
	bad()                                                                                // want `finding`

	//idemlint:ignore othr typo of the other analyzer, which reports it
	bad() // want `finding`

	/* want `names unknown analyzer "zzzzzzzzzz"; the analyzers are fake, other` */ //idemlint:ignore zzzzzzzzzz far from every name
	bad()                                                                           // want `finding`

	/* want `//idemlint:ignore names no analyzer` */ //idemlint:ignore
	bad()                                            // want `finding`
}

func duplicates() {
	dup() // want `finding`
}
