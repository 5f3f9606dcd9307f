module checkthenact/redisgetset

go 1.26
