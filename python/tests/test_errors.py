"""The exception classes: bad input an InputError (still a ValueError), a file a FileError (an
OSError with its errno), Ctrl-C an Interrupted (a KeyboardInterrupt, never caught by
`except Exception`), all but the last under cardtree.Error."""

import errno

import pytest

import cardtree


def test_the_classes():
    assert issubclass(cardtree.InputError, cardtree.Error)
    assert issubclass(cardtree.InputError, ValueError)
    assert issubclass(cardtree.FileError, cardtree.Error)
    assert issubclass(cardtree.FileError, OSError)
    assert issubclass(cardtree.InternalError, RuntimeError)
    assert issubclass(cardtree.Interrupted, KeyboardInterrupt)
    assert not issubclass(cardtree.Interrupted, Exception)


@pytest.mark.parametrize(
    "call",
    [
        lambda: cardtree.uct_search("tictactoe", iterations=0),
        lambda: cardtree.Deal("N:AKQ"),
        lambda: cardtree.lead("KQT2.853.AJ9.742", "9NT"),
        lambda: cardtree.random_deals(1, 0),
        lambda: cardtree.pps_score("AS", system="nonesuch"),
    ],
)
def test_bad_input_is_an_input_error(call):
    with pytest.raises(cardtree.InputError) as e:
        call()
    assert isinstance(e.value, ValueError) and isinstance(e.value, cardtree.Error)
    assert str(e.value) and "\n" not in str(e.value)


def test_a_file_that_cannot_be_written_is_a_file_error(tmp_path):
    with pytest.raises(cardtree.FileError) as e:
        cardtree.pps_train(tmp_path / "no-such-folder" / "table.txt", games=1, batch=1)
    assert isinstance(e.value, OSError) and e.value.errno == errno.ENOENT
    assert "no-such-folder" in str(e.value)
