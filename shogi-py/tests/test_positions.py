"""Positions, moves, games and their errors, against values stated by the rules and the
library's own documentation."""

import copy
import pickle

import numpy as np
import pytest

import shogi_kit as sk

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_position():
    pos = sk.Position.startpos()
    assert pos.sfen() == START
    assert str(pos) == START and repr(pos) == f"Position('{START}')"
    assert sk.Position.from_sfen(START) == pos
    assert pos.side_to_move == "black" and pos.move_number == 1 and pos.variant == "standard"
    assert len(pos.legal_moves()) == 30 == pos.legal_move_count()
    assert pos.perft(3) == 25470 == sk.perft("startpos", 3)


def test_moves():
    m = sk.Move.from_usi("7g7f")
    assert m.usi == "7g7f" and str(m) == "7g7f" and repr(m) == "Move('7g7f')"
    assert m.move16 == 7739  # cshogi.move16 of 7g7f
    assert sk.Move.from_move16(7739) == m and hash(sk.Move.from_move16(7739)) == hash(m)
    assert (m.from_square, m.to_square, m.is_drop, m.is_promotion) == ("7g", "7f", False, False)
    drop = sk.Move.from_usi("P*5e")
    assert (drop.from_square, drop.to_square, drop.is_drop) == (None, "5e", True)
    assert sk.Move.from_usi("8h2b+").is_promotion
    assert pickle.loads(pickle.dumps(drop)) == drop


def test_play_with_every_kind_of_move_argument():
    pos = sk.Position.startpos()
    pos.play("7g7f")
    pos.play(sk.Move.from_usi("3c3d"))
    pos.play(sk.Move.from_usi("8h2b+").move16)
    assert pos.sfen() == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    assert pos.is_check() is False
    assert pos.is_legal("3a2b") and not pos.is_legal("1a1c")


def test_illegal_move_leaves_the_position_unchanged():
    pos = sk.Position.startpos()
    with pytest.raises(sk.IllegalMoveError, match="no piece on the origin square") as info:
        pos.play("5e5d")
    assert isinstance(info.value, ValueError)
    assert pos.sfen() == START
    with pytest.raises(sk.MoveParseError):
        pos.play("zz")
    with pytest.raises(sk.MoveParseError):
        pos.play(3.5)


def test_zobrist_is_the_repetition_identity():
    a = sk.Position.startpos()
    b = sk.Position.startpos()
    for m in ["2h3h", "8b7b", "3h2h", "7b8b"]:
        b.play(m)
    assert a.zobrist() == b.zobrist() and a == b
    assert a.move_number != b.move_number
    b.play("7g7f")
    assert a.zobrist() != b.zobrist() and a != b


def test_checkmate():
    pos = sk.Position.from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b RBrb 1")
    assert not pos.is_checkmate()
    mate = sk.Position.from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
    assert mate.is_check() and mate.is_checkmate() and not mate.has_legal_move()
    assert mate.legal_moves() == [] and len(mate.legal_moves_array()) == 0


def test_handicaps_and_untakeable_silver():
    bishop = sk.Position.handicap("角落ち")
    assert bishop == sk.Position.handicap("Bishop")
    assert bishop.sfen() == "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    assert "Bishop" in sk.Position.handicap_names()
    with pytest.raises(sk.ShogiError, match="handicap"):
        sk.Position.handicap("no such handicap")
    silver = sk.Position.untakeable_silver()
    assert silver.variant == "untakeable-silver"
    assert silver.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1"
    assert len(silver.legal_moves()) == 20
    with pytest.raises(sk.PackError, match="protected"):
        silver.to_hcp()
    assert sk.Position.from_sfen(silver.sfen()) == silver
    assert len(sk.Position.untakeable_silver("nine-piece").legal_moves()) == 17
    with pytest.raises(sk.ShogiError):
        sk.Position.untakeable_silver("ten-piece")


def test_soft_faults_are_waived_only_when_asked():
    problem = "4k4/9/9/9/9/9/9/9/9 b 16P 1"
    with pytest.raises(sk.PositionError):
        sk.Position.from_sfen(problem)
    pos = sk.Position.from_sfen(problem, waive_soft_faults=True)
    assert len(pos.legal_moves()) == 72
    with pytest.raises(sk.PackError, match="king"):
        pos.to_hcp()
    assert pickle.loads(pickle.dumps(pos)) == pos


def test_move16_array_and_hcp_types():
    pos = sk.Position.startpos()
    codes = pos.legal_moves_array()
    assert codes.dtype == np.uint16 and sorted(codes) == sorted(m.move16 for m in pos.legal_moves())
    assert pos.move_from_move16(7739).usi == "7g7f"
    with pytest.raises(sk.IllegalMoveError):
        pos.move_from_move16(sk.Move.from_usi("7f7e").move16)
    with pytest.raises(sk.MoveParseError):
        pos.move_from_move16(0)
    hcp = pos.to_hcp()
    assert hcp.dtype == np.uint8 and hcp.shape == (32,)
    assert sk.Position.from_hcp(hcp) == pos == sk.Position.from_hcp(bytes(hcp))
    assert sk.Position.from_hcp(bytearray(bytes(hcp))) == pos
    assert sk.Position.from_hcp(hcp.view(sk.HCP_DTYPE)) == pos


def test_copies_are_independent():
    pos = sk.Position.startpos()
    for other in (pos.copy(), copy.copy(pos), copy.deepcopy(pos), pickle.loads(pickle.dumps(pos))):
        other.play("7g7f")
        assert pos.sfen() == START and other != pos


def test_game_endings():
    game = sk.Game()
    for m in ["7g7f", "3c3d"]:
        assert game.play(m) is None
    assert [m.usi for m in game.moves] == ["7g7f", "3c3d"]
    assert game.undo().usi == "3c3d"
    outcome = game.resign("white")
    assert str(outcome) == "win black resignation" and outcome.winner == "black"
    assert outcome.reason == "resignation" and outcome.result_code == 1 and game.is_over
    with pytest.raises(sk.GameError, match="over"):
        game.play("3c3d")
    # Fool's mate of shogi: a repetition is a draw on the fourth occurrence.
    game = sk.Game()
    cycle = ["2h3h", "8b7b", "3h2h", "7b8b"]
    results = [game.play(m) for _ in range(3) for m in cycle]
    assert results[-1] is not None and str(results[-1]) == "draw repetition"
    assert game.outcome.is_draw and game.outcome.result_code == 0
    assert sk.Outcome.from_str("draw repetition") == game.outcome
    assert pickle.loads(pickle.dumps(game.outcome)) == game.outcome


def test_game_mate_and_presets():
    game = sk.Game(sk.Position.from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
    outcome = game.play("G*5b")
    assert str(outcome) == "win black checkmate"
    preset = sk.Game.preset("handicap-jsa24", handicap="2-Piece")
    assert preset.position.side_to_move == "white"
    assert sk.Game.preset("untakeable-silver", setup="eighteen-piece").position.variant == "untakeable-silver"
    with pytest.raises(sk.ShogiError, match="preset"):
        sk.Game.preset("chess")
    with pytest.raises(sk.ShogiError, match="impasse"):
        sk.Game(impasse="99")


def test_declaration():
    # Under the CSA 27-point rule a declaration that fails a condition loses (CSA tournament
    # rules): at the start, Black's king is not in White's camp.
    game = sk.Game(impasse="27")
    verdict = game.judge_declaration()
    assert verdict.winner == "white" and game.outcome is None
    assert game.declare() == verdict and game.is_over
    # Without an impasse rule nothing can be declared.
    with pytest.raises(sk.GameError):
        sk.Game().declare()
    points = sk.Game().points()
    assert points["total"] == (27, 27)  # JSA count: 5 per rook or bishop, 1 per other piece
    assert points["king_in_camp"] == (False, False)


def test_move_limit():
    game = sk.Game(move_limit=2)
    game.play("7g7f")
    assert str(game.play("3c3d")) == "draw move-limit"
