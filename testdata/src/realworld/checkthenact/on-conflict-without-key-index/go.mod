module realworld/checkthenact/on-conflict-without-key-index

go 1.26
