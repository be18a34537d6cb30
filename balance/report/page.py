"""``index.html`` (one self-contained file: PNGs inlined as base64, CSS
inline, no external URL) and ``summary.md``."""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

import polars as pl

STYLE = """body{font-family:system-ui,sans-serif;max-width:1160px;margin:auto;padding:0 16px;color:#222}
h1{margin-bottom:4px} .verdicts{background:#f4f6f7;border-left:5px solid #2471a3;padding:8px 20px}
.partial{background:#fdebd0;border-left:5px solid #d35400;padding:8px 20px;font-weight:bold}
figure{margin:28px 0} figure img{max-width:100%;border:1px solid #ddd} figcaption{color:#444;font-size:14px}
table{border-collapse:collapse;font-size:13px;margin:8px 0} td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}
th{background:#eaeded} td:first-child,th:first-child{text-align:left}"""


def inline(text: str) -> str:
    """Escaped HTML with the verdicts' **bold** and `code`."""
    t = html.escape(text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t))


def table_html(df: pl.DataFrame) -> str:
    """A small table; floats with 3 decimals."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(f'{v:.3f}' if isinstance(v, float) else str(v))}</td>"
                                   for v in r) + "</tr>" for r in df.iter_rows())
    return f"<table><tr>{head}</tr>{rows}</table>"


def html_page(title: str, facts: list[str], verdicts: list[str], figures: list[tuple[str, str, Path]],
              tables: list[tuple[str, pl.DataFrame]], partial: bool,
              footer: str = "Every table is also in `tables/*.csv` beside this page; metric definitions: "
                            "`docs/metrics.md`.") -> str:
    """The report page: verdicts first, then the figures, then the key tables."""
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    parts += [f"<p class='{'partial' if partial and i == 0 else 'facts'}'>{inline(f)}</p>" for i, f in enumerate(facts)]
    parts.append("<div class='verdicts'><h2>Verdicts</h2><ul>" + "".join(f"<li>{inline(v)}</li>" for v in verdicts)
                 + "</ul></div>")
    for heading, caption, png in figures:
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        parts.append(f"<figure><h2>{html.escape(heading)}</h2><img alt='{html.escape(heading)}' "
                     f"src='data:image/png;base64,{data}'><figcaption>{inline(caption)}</figcaption></figure>")
    for heading, df in tables:
        parts.append(f"<h2>{html.escape(heading)}</h2>{table_html(df)}")
    parts.append(f"<p>{inline(footer)}</p></body></html>")
    return "\n".join(parts)


def markdown(title: str, facts: list[str], verdicts: list[str], figures: list[tuple[str, str, Path]]) -> str:
    """``summary.md``: the facts, the verdicts and what each figure shows."""
    lines = [f"# {title}", "", *facts, "", "## Verdicts", "", *(f"- {v}" for v in verdicts), "", "## Figures", ""]
    lines += [f"- [{h}](figures/{p.name}): {c}" for h, c, p in figures]
    return "\n".join(lines) + "\n"
