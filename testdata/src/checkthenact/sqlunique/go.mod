module checkthenact/sqlunique

go 1.26
