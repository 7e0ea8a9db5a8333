"""Long calls stop on Ctrl-C: the interrupt reaches Python within seconds, between deals,
layouts, games or hands, while the GIL is released."""

import signal
import subprocess
import sys
import time

import pytest

LONG_CALLS = [
    "cardtree.dd_tables(cardtree.random_deals(1, 100000))",
    "cardtree.pps_play(player='mcts', games=100000, iterations=2000)",
    "cardtree.pbn_with_tables(''.join("
    "f'[Board \"{i + 1}\"]\\n[Deal \"{d.to_pbn()}\"]\\n\\n'"
    " for i, d in enumerate(cardtree.random_deals(3, 100000))))",
    "cardtree.lead('KQT2.853.AJ9.742', '3NT', samples=100000)",
    "cardtree.blackjack_play(player='mcts', hands=10**8, iterations=1000)",
]


@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_call(call):
    # Ctrl-C's handler put back first: a shell that starts a job in the background starts it
    # with SIGINT ignored, and Python then keeps ignoring it.
    code = ("import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
            f"import cardtree\nprint('started', flush=True)\n{call}\nprint('finished')")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "started"
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    start = time.monotonic()
    out, err = p.communicate(timeout=60)
    assert "KeyboardInterrupt" in err, err
    assert "cardtree.errors.Interrupted" in err, err
    assert "finished" not in out
    assert time.monotonic() - start < 10
