module checkthenact/sqlcgen

go 1.26
