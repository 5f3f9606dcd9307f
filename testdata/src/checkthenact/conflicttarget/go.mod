module checkthenact/conflicttarget

go 1.26
