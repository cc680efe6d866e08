"""Files from outside read into the pure core's terms: the club's member spreadsheet
(.xlsx, .ods, .csv) as rows of text (`member_files`, with `workbooks` and `delimited`
for the formats). Reading only: what the rows mean is `core.member_sheets`'s to say,
and what is saved is `operations.members`'s."""
