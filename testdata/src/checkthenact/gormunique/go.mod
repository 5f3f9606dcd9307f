module checkthenact/gormunique

go 1.26
