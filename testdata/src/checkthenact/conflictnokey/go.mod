module checkthenact/conflictnokey

go 1.26
