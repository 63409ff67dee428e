"""The Python example of the workspace README runs as written (in a folder with a `games/`
folder of records) and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

import shogi_kit as sk

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks(text):
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_workspace_readme_example(tmp_path, monkeypatch, games):
    blocks = [b for b in python_blocks(README.read_text(encoding="utf-8")) if "import shogi_kit" in b]
    assert len(blocks) == 1
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 12
    (tmp_path / "games").mkdir()
    for i, game in enumerate(games[:5]):
        (tmp_path / "games" / f"{i}.kif").write_text(sk.Record.from_game(game).to_kif(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    scope = {}
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), scope)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("30 [")
    assert lines[1].startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 False")
    assert "２二角成(88)" in out.getvalue()
    assert scope["hcpe"].dtype == sk.HCPE_DTYPE and len(scope["hcpe"]) == sum(len(g.moves) for g in games[:5])
