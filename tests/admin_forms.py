"""What a browser would post from an admin page: every input, select and textarea of its
form with the value the page shows, so a test changes one field and posts the rest."""

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.data: dict[str, object] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("submit", "button", "file"):
                return
            if kind == "checkbox":
                if "checked" in attrs:
                    self.data[name] = attrs.get("value", "on")
                return
            self.data[name] = attrs.get("value", "")
        elif tag == "select" and name:
            self.select = name
            self.data.setdefault(name, "")
        elif tag == "option" and self.select and "selected" in attrs:
            self.data[self.select] = attrs.get("value", "")
        elif tag == "textarea" and name:
            self.textarea = name
            self.data[name] = ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea] += data


def form_data(client, url: str, form_id: str) -> dict:
    """The admin page's form as a browser would post it unchanged."""
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    reader = _FormReader(form_id)
    reader.feed(response.content.decode())
    data = dict(reader.data)
    data.pop("csrfmiddlewaretoken", None)
    return data
