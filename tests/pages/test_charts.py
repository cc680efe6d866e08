"""The rating chart's axes (charts.line_chart): issue 22, item 14."""

from tournament.charts import line_chart


def test_a_date_is_said_once_on_the_axis():
    # Five matches on one evening, then two a week later: three labels would have read
    # "24 Nov", "24 Nov", "1 Dec".
    labels = ["", *["24 Nov"] * 5, "1 Dec", "1 Dec"]
    chart = line_chart([1500, 1504, 1510, 1507, 1512, 1516, 1520, 1518], labels)
    assert [label for _x, label in chart.x_ticks] == ["24 Nov", "1 Dec"]
    # One evening only: the date once.
    chart = line_chart([1500, 1504, 1510], ["", "24 Nov", "24 Nov"])
    assert [label for _x, label in chart.x_ticks] == ["24 Nov"]


def test_different_dates_keep_their_three_labels():
    labels = ["", "1 Oct", "8 Oct", "15 Oct", "22 Oct"]
    chart = line_chart([1500, 1504, 1510, 1507, 1512], labels)
    assert [label for _x, label in chart.x_ticks] == ["1 Oct", "8 Oct", "22 Oct"]
