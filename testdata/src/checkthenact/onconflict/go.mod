module checkthenact/onconflict

go 1.26
