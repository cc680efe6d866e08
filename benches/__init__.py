"""What `manage.py bench` (`make bench`) measures, a module per subject: the pages and
their live polls (`live_bench`), deciding a match (`decision_bench`), the ratings
(`ratings_bench`), the workbook (`export_bench`), the member list (`member_bench`) and a
Swiss round's pairing (`pairing_bench`), on seasons built once (`bench_seasons`), each
figure taken the same way (`measure`). Not tests: they print figures beside targets."""
