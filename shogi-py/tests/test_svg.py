"""Board diagrams: `svg()` and `Position.svg()` are the bytes `shogi svg` writes for the same
SFEN and flags, well-formed XML; `Position._repr_svg_` (Jupyter) is the plain diagram."""

import subprocess
import xml.etree.ElementTree as ET

import pytest

import shogi_kit as sk
from conftest import shogi_binary

SVG_NS = "{http://www.w3.org/2000/svg}"

SFENS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    # After ▲７六歩 △３四歩 ▲２二角成 (a horse), and White in check (the king highlighted).
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    "4k4/4G4/9/9/9/9/9/9/4K4 w - 2",
    "lnsgkgsnl/1r5b1/pppp1pppp/9/4p4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2P 3",
    # A mate problem (one king) and the untakeable-silver variant.
    "3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
]

#: (flags of `shogi svg`, keyword arguments of `svg()`).
FLAGS = [
    ([], {}),
    (["--flip"], {"flip": True}),
    (["--western", "--last", "7g7f"], {"western": True, "last": "7g7f"}),
    (["--dots", "7g", "--arrow", "7g7f", "--arrow", "P*5e", "--highlight", "5e:red"],
     {"dots": "7g", "arrows": ["7g7f", "P*5e"], "highlights": ["5e:red"]}),
]


def run_svg(args):
    shogi = shogi_binary()
    if shogi is None:
        pytest.skip("no shogi binary (set SHOGI_BIN)")
    return subprocess.run([shogi, "svg", *args], capture_output=True, timeout=60)


def parse(document):
    root = ET.fromstring(document)
    assert root.tag == SVG_NS + "svg"
    return root


@pytest.mark.parametrize("sfen", SFENS)
def test_position_svg_is_the_commands_diagram(sfen):
    pos = sk.Position.from_sfen(sfen, waive_soft_faults=True)
    out = run_svg([sfen])
    assert out.returncode == 0, out.stderr
    assert pos.svg() == out.stdout.decode()
    assert pos._repr_svg_() == pos.svg() == sk.svg(sfen)
    parse(pos.svg())
    out = run_svg(["--flip", "--western", "--last", "8h2b+", sfen])
    assert pos.svg(flip=True, western=True, last_move="8h2b+") == out.stdout.decode()
    assert pos.svg(flip=True, western=True, last_move=sk.Move.from_usi("8h2b+")) == out.stdout.decode()


@pytest.mark.parametrize("flags,kwargs", FLAGS)
def test_svg_function_is_the_command(flags, kwargs):
    sfen = SFENS[0]
    out = run_svg([*flags, sfen])
    assert out.returncode == 0, out.stderr
    assert sk.svg(sfen, **kwargs) == out.stdout.decode()
    parse(sk.svg(sfen, **kwargs))
    assert sk.svg(**kwargs) == run_svg(flags).stdout.decode()


def test_check_is_highlighted_and_text_is_there():
    calm = sk.svg(SFENS[0])
    checked = sk.svg(SFENS[2])
    assert sk.Position.from_sfen(SFENS[2]).is_check()
    texts = [t.text for t in parse(sk.svg(SFENS[1])).iter(SVG_NS + "text")]
    assert "馬" in texts
    assert 'class="highlights"' in checked and 'class="highlights"' not in calm


@pytest.mark.parametrize(
    "flags,kwargs",
    [
        (["--dots", "5e"], {"dots": "5e"}),
        (["--last", "7g7z"], {"last": "7g7z"}),
        (["--highlight", "5e"], {"highlights": ["5e"]}),
        (["--highlight", "5e:nocolor"], {"highlights": ["5e:nocolor"]}),
    ],
)
def test_svg_errors_are_the_commands(flags, kwargs):
    out = run_svg([*flags, "startpos"])
    assert out.returncode == 2
    message = out.stderr.decode().strip()
    assert message.startswith("error: ")
    with pytest.raises(sk.ShogiError) as info:
        sk.svg("startpos", **kwargs)
    assert str(info.value) == message[len("error: "):]


def test_unreadable_sfen():
    out = run_svg(["9/9 b - 1"])
    assert out.returncode == 2
    with pytest.raises(sk.SfenError) as info:
        sk.svg("9/9 b - 1")
    assert str(info.value) == out.stderr.decode().strip()[len("error: "):]
