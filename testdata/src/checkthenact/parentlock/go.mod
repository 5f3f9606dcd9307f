module checkthenact/parentlock

go 1.26
