"""Sounds are optional and off by default: a page with sound off never opens the audio
at all; the switch turns it on (and the choice stays for the next visit), and then the
person hears a tone when their turn comes.  The tones are counted where the page makes
them (the Web Audio oscillators it starts), since a test cannot listen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.web.pages import PageMaker, make_room, start, take_seat

#: Counts the audio the page opens and every tone it starts (frequency in Hz).
LISTEN = """
window.heard = { contexts: 0, tones: [] };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.heard.contexts += 1; }
  createOscillator() {
    const tone = super.createOscillator();
    const start = tone.start.bind(tone);
    tone.start = (...at) => { window.heard.tones.push(tone.frequency.value); start(...at); };
    return tone;
  }
};
"""


def heard(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("() => window.heard")
    return result


def test_sound_is_off_until_asked_for_and_then_a_turn_is_heard(pages: PageMaker) -> None:
    host, friend = pages.open(), pages.open()
    for page in (host, friend):
        page.context.add_init_script(LISTEN)
    # By Golly!: the host's seat moves first.
    invite = make_room(host, "By Golly!", name="Ann", players=2, seats=["person", "person"])
    switch = host.get_by_role("button", name="Sound off")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(host.get_by_role("button", name="Sound on")).to_have_attribute("aria-pressed", "true")
    take_seat(friend, invite, "Ben")
    start(host)
    expect(host.locator("#play")).to_have_attribute("data-acting", "true")
    host.wait_for_function("() => window.heard.tones.length > 0")
    assert heard(host)["tones"] == [660.0], "one tone: the host's turn"
    # The friend never asked for sound: no audio was even opened.
    expect(friend.locator("#play")).to_be_visible()
    expect(friend.get_by_role("button", name="Sound off")).to_be_visible()
    assert heard(friend) == {"contexts": 0, "tones": []}
    # The choice is kept for the next visit.  The browser lets a page make sound only
    # once the person has pressed something on it: the audio waits for that press.
    host.reload()
    expect(host.get_by_role("button", name="Sound on")).to_be_visible()
    expect(host.locator("#play")).to_have_attribute("data-acting", "true")
    assert heard(host) == {"contexts": 0, "tones": []}
    host.locator("#status").click()
    host.wait_for_function("() => window.heard.contexts === 1")


def test_which_moments_make_a_sound(page: Page) -> None:
    # The rule of cues, in the page's own module: a race opening, a turn coming, the end;
    # nothing for what a reconnection only restores or for another seat's move.
    page.goto("/")
    cues = page.evaluate("""async () => {
      const { cueFor } = await import('/static/js/sounds.js');
      const update = (kind, seats, extra = {}) => ({ game: 1, fresh: false, window: null,
        legal_count: seats.includes(0) && kind !== 'over' ? 2 : 0,
        acting: { kind, seats }, ...extra });
      const turn0 = update('turn', [0]), turn1 = update('turn', [1]);
      const race = update('window', [0, 1], { window: { id: 7, elapsed_ms: 0 } });
      const over = update('over', []);
      return {
        myTurnComes: cueFor(turn1, turn0, 0),
        stillMyTurn: cueFor(turn0, turn0, 0),
        othersTurn: cueFor(turn0, turn1, 0),
        raceOpens: cueFor(turn1, race, 0),
        sameRace: cueFor(race, race, 0),
        watcherSeesRace: cueFor(turn1, race, null),
        gameEnds: cueFor(turn1, over, 0),
        firstSight: cueFor(null, { ...turn0, fresh: true }, 0),
        reconnected: cueFor(turn0, { ...turn0, fresh: true }, 0),
      };
    }""")
    assert cues == {
        "myTurnComes": "turn", "stillMyTurn": None, "othersTurn": None,
        "raceOpens": "race", "sameRace": None, "watcherSeesRace": None,
        "gameEnds": "end", "firstSight": "turn", "reconnected": None,
    }
