module checkthenact/sqlschema

go 1.26
