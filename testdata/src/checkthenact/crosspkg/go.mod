module checkthenact/crosspkg

go 1.26
