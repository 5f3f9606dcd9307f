module checkthenact/middleware

go 1.26
