module checkthenact/gormcount

go 1.26
