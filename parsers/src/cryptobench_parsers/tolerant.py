"""A tool's output as a person published it, read back as the tool printed it (pure, line by line).

People paste benchmark output into web pages, Markdown and mail, and the text comes back with
what those did to it. Before any format sees the text, each line is undone of:
- HTML: the `<pre>`, `<code>`, `<br />`, table-cell ... tags around the output and its character
  entities (`&lt;`, `&amp;`, `&#177;`), when the text holds HTML (`<pre`, `</`, `<br`, an entity);
- Markdown and box-drawing tables: a row `| RNG | 235 MiB took 1.011 seconds |` becomes its cells
  apart by blanks, a rule row (`|:---|---:|`, `├──┼──┤`) an empty line;
- encoding damage of `±`: `Â±` (UTF-8 read as Latin-1), `+-` and `+/-`, and `?` between two
  numbers (`674.589 ?   21.290`: a `±` that an encoding round trip could not write);
- thousands separators where they cannot be decimal commas: `1,735,334` (two groups or more),
  `3,494.5` (a group before a decimal point);
- a log tag before every line (`[WOLFCRYPT]: RNG  15 MB took ...`, Android's logcat).
Every line stays at its number (a rule row or a tag-only line becomes an empty line), so what a
parser reports names the pasted text's lines. JSON texts (a data.js, JMH's or Google Benchmark's
JSON) are left as they are.
"""

import html
import re

from cryptobench_parsers.text_lines import rewritten

_HTML_HINT = re.compile(r"<pre\b|<br\b|</\w|&(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});", re.I)
_TAG = re.compile(
    r"</?(?:pre|code|br|p|div|span|td|tr|th|table|tbody|thead|b|strong|i|em|tt|samp|kbd|sup|sub"
    r"|details|summary|font|small|big)\b[^<>]{0,200}>",
    re.IGNORECASE,
)
_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});")
_PIPE_RULE = re.compile(r"^[\s|:\-+=]*$")
_BOX_RULE = re.compile(r"^[\s─━═┄┈┼╋╬┬┴├┤┌┐└┘╭╮╰╯╞╡╪┝┥┠┨│┃║+\-]*$")
_BOX_CELL = str.maketrans({"│": " ", "┃": " ", "║": " "})
_QUESTION_PLUSMINUS = re.compile(r"(?<=\d)(\s+)\?(\s+)(?=\d)")
_ASCII_PLUSMINUS = re.compile(r"(?<=\d)(\s+)\+/?-(\s+)(?=\d)")
_LOG_TAG = re.compile(r"^\[[A-Za-z][\w.\-]{0,31}\]: ")
_THOUSANDS = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3}){2,}(?:\.\d+)?(?![\w,])|(?<![\w.,])\d{1,3},\d{3}\.\d+(?![\w,])"
)


def readable(text: str) -> str:
    """`text` with each line read back as the tool printed it; the same number of lines."""
    if text.lstrip().startswith(("{", "[")) or "BENCHMARK_DATA" in text[:4096]:
        return text
    markup = _HTML_HINT.search(text) is not None
    undone = rewritten(text, lambda _, line: _line(line, markup))
    return text if undone == text else undone


def _line(line: str, markup: bool) -> str:
    if markup and ("<" in line or "&" in line):
        line = _ENTITY.sub(lambda found: html.unescape(found.group(0)), _TAG.sub("", line))
    if line.startswith("["):
        line = _LOG_TAG.sub("", line)
    stripped = line.strip()
    if stripped.startswith("|") and stripped.count("|") >= 2:
        line = "" if _PIPE_RULE.match(stripped) else "  ".join(stripped.strip("|").split("|"))
    elif stripped[:1] in "│┃║├┌└╞┝┠╭╰" and stripped:
        line = "" if _BOX_RULE.match(stripped) else line.translate(_BOX_CELL)
    if "Â" in line:
        line = line.replace("Â±", "±").replace("Âµ", "µ")
    if "?" in line:
        line = _QUESTION_PLUSMINUS.sub(r"\1±\2", line)
    if "+" in line:
        line = _ASCII_PLUSMINUS.sub(r"\1±\2", line)
    if "," in line:
        line = _THOUSANDS.sub(lambda found: found.group(0).replace(",", ""), line)
    return line
