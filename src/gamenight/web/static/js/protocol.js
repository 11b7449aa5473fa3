// The server's protocol, version 1 (docs/protocol.md; server/protocol.py declares the
// same messages as TypedDicts), as JSDoc types for the type check.  Nothing here runs:
// the module only names shapes, so every other module can import them.

/** The protocol version this client speaks (`welcome.v`). */
export const PROTOCOL_VERSION = 1;

// -- REST -------------------------------------------------------------------------------

/**
 * A game option as `GET /api/games` lists it.
 * @typedef {object} OptionInfo
 * @property {string} name
 * @property {string} label       the option in a few words, for the form
 * @property {OptionValue} default
 * @property {string} help
 * @property {OptionValue[] | null} choices
 * @property {number | null} minimum
 * @property {number | null} maximum
 */

/** @typedef {string | number | boolean} OptionValue */

/**
 * A game as `GET /api/games` lists it.
 * @typedef {object} GameInfo
 * @property {string} id          the game's id (the registry's: lower case, dashes)
 * @property {string} title       its title, for people
 * @property {string} blurb       the game in a line, for someone choosing what to play
 * @property {boolean} table      whether it has a table of its own (`tables/<id>.js`);
 *                                 else it is played at the plain table
 * @property {Record<string, string>} end_reasons  why a game of it ends, in a sentence,
 *                                 by `Outcome.reason` (the result and the replay say it)
 * @property {unknown} facts       what never changes in a game of it and its table draws
 *                                 by (the deck's faces by card id, a limit the rules
 *                                 set): the game's `Facts` (types/<id>.d.ts), or null
 * @property {number} min_players
 * @property {number} max_players
 * @property {OptionInfo[]} options
 * @property {string[]} bots      the bots it offers, by name
 * @property {string} default_bot
 * @property {string} opponent_bot  the bot a seat is offered by default, against people
 * @property {string[]} levels    the bots' levels, weakest first
 */

/**
 * The body of `POST /api/rooms`: per seat a bot spec ("sharp:expert") or null for a
 * person's seat; `name` seats the host at the first person's seat at once.
 * @typedef {object} NewRoom
 * @property {string} game
 * @property {number} players
 * @property {Record<string, OptionValue>} options
 * @property {(string | null)[]} seats
 * @property {string} [name]
 * @property {number} [grace_s]
 */

/**
 * The answer to `POST /api/games/{game}/tables` (body: `{options}`): the table sizes a
 * room of the game can start with those options, fewest first.
 * @typedef {object} TableSizes
 * @property {number[]} players
 */

/**
 * A lesson of the tutorial (`GET /api/games/{game}/lessons`): one of the rulebook's
 * examples as a position, what it shows, what to try, and the seat the person plays.
 * @typedef {object} LessonInfo
 * @property {string} name     the example's name ("chicken-poo")
 * @property {string} title
 * @property {string} shows    what the rulebook's example shows
 * @property {string} task     what to try
 * @property {number} seat     the seat the person plays (the one to move)
 * @property {number} players
 */

/**
 * The body of `POST /api/games/{game}/lessons/{lesson}/rooms`: the person's name.
 * @typedef {object} NewLessonRoom
 * @property {string} name
 * @property {number} [grace_s]
 */

/**
 * A seat taken: its number and the token that plays it (the seat's only key).
 * @typedef {object} SeatTaken
 * @property {number} seat
 * @property {string} token
 */

/**
 * The answer to `POST /api/rooms`.
 * @typedef {object} RoomMade
 * @property {string} code
 * @property {string} invite      the link to give friends
 * @property {string} host_token  starts the game (and plays the host's seat)
 * @property {SeatTaken | null} seat
 */

/**
 * A finished game step by step through one pair of eyes (`GET
 * /api/rooms/{code}/games/{n}/frames?seat=K`, server/replays.py): frame i is the update
 * the room's table would draw after i steps, with no actions offered and no window.
 * @typedef {object} Replay
 * @property {string} game
 * @property {string} title
 * @property {number} number    the room's game number
 * @property {number} players
 * @property {string[]} names   each seat's name, as the record gives it
 * @property {number | null} seat  whose eyes; null: a spectator's
 * @property {Update[]} frames
 */

// -- what the server and the client share -------------------------------------------------

/**
 * A seat as everyone sees it.  `kind`: "person" (someone has taken it), "open" (waiting
 * for a person), "bot".  `bot`: the bot playing it (its own, or the default bot sitting
 * in for a person gone past the grace period, or for an open seat once play started).
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string | null} name
 * @property {string} shown  the name the seat is shown by (two alike bots numbered)
 * @property {"person" | "open" | "bot"} kind
 * @property {string | null} bot
 * @property {boolean} connected
 * @property {boolean} rematch
 */

/**
 * A room as everyone sees it (`GET /api/rooms/{code}`, `welcome`, `room`).
 * @typedef {object} RoomInfo
 * @property {string} code
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {Record<string, unknown>} options
 * @property {"lobby" | "playing" | "over"} status
 * @property {number} game_number  0 in the lobby, then 1, 2 after a rematch, ...
 * @property {SeatInfo[]} seats
 * @property {number} spectators
 * @property {number} grace_s
 * @property {string} [lesson]  in a tutorial's room only: the lesson it plays (its name)
 * @property {string} [paused]  only while the server cannot store moves: why, in words
 * @property {number[]} [getting_ready]  only while the first race of the room's first
 *   game waits for these seats' people to say they are ready (`ready`; at most 20 s)
 */

/**
 * Who acts now.  `deadline_ms`: a window's or decision's deadline on window time.
 * @typedef {object} ActingInfo
 * @property {"chance" | "turn" | "simultaneous" | "window" | "over"} kind
 * @property {number[]} seats
 * @property {number | null} deadline_ms
 */

/**
 * The reaction window or secret decision open now: its id (sent back with actions in
 * it) and how long it had been open on the server's clock when the update was made.
 * @typedef {object} WindowInfo
 * @property {number} id
 * @property {number} elapsed_ms
 */

/**
 * An event of the game in this seat's form: its name and its fields (each game's
 * events.py declares them).
 * @typedef {{event: string} & Record<string, unknown>} GameEvent
 */

/**
 * How a game ended (every game's view holds it once the game is over).
 * @typedef {object} Outcome
 * @property {number[]} scores
 * @property {number[]} ranks       competition ranking: 1, 1, 3, ...
 * @property {number[]} winners
 * @property {number[][]} tiebreaks
 * @property {boolean} truncated    a safety cap, not the rules, ended it
 * @property {string} reason        the game's own short words ("last-card", "cap")
 */

/**
 * Every game's view has these; each table declares its game's whole view.
 * @typedef {object} GameView
 * @property {string} game
 * @property {number | null} seat
 * @property {number} players
 * @property {Outcome} [outcome]
 */

// -- server -> client --------------------------------------------------------------------

/**
 * @typedef {object} Welcome
 * @property {"welcome"} type
 * @property {number} v
 * @property {RoomInfo} room
 * @property {number | null} seat  the seat this connection plays; null: watching
 * @property {boolean} host        whether it may start the game
 */

/**
 * @typedef {object} RoomMessage
 * @property {"room"} type
 * @property {RoomInfo} room
 */

/**
 * The game as this seat may know it.  `view` is the game's view (each table casts it
 * to its own typedef); `legal` the texts `act` takes now (null when over 1000).
 * @template [V=GameView]
 * @typedef {object} Update
 * @property {"update"} type
 * @property {number} game   the room's game number
 * @property {number} step
 * @property {boolean} fresh  the first update of a game on this connection: `events`
 *                            are then every event so far
 * @property {GameEvent[]} events
 * @property {string[]} lines  the events as lines of the story, told to this seat
 * @property {string[]} news   the lines of the events a table shows as news
 * @property {V} view
 * @property {ActingInfo} acting
 * @property {string[] | null} legal
 * @property {ReferColumns | null} refers  what each of `legal` refers to, a column per
 *                            kind of thing in `legal`'s order (null: the game says
 *                            nothing): find an action by what was pressed
 * @property {number} legal_count
 * @property {WindowInfo | null} window
 */

/**
 * What each legal action refers to on the table (engine `ReferColumns`): a column per
 * kind of thing, in `legal`'s order, null where an action refers to no such thing
 * (`refers.card[i]` is the card the i-th legal action refers to).
 * @typedef {object} ReferColumns
 * @property {(number | null)[]} [card]
 * @property {(string | null)[]} [face]
 * @property {(number | null)[]} [place]
 * @property {(number | null)[]} [number]
 * @property {(number | null)[]} [seat]
 * @property {(number | null)[]} [x]
 * @property {(number | null)[]} [y]
 * @property {(number | null)[]} [angle]
 */

/**
 * @typedef {object} ServerPing
 * @property {"ping"} type
 * @property {number} id
 */

/**
 * @typedef {object} Pong
 * @property {"pong"} type
 * @property {number} id
 * @property {number} server_ms
 */

/**
 * @typedef {"malformed" | "too-large" | "rate-limited" | "not-joined" | "bad-token"
 *   | "not-allowed" | "illegal" | "stale" | "not-playing" | "unavailable"} ErrorCode
 */

/**
 * Something the client sent was refused; the connection and the room go on.
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {ErrorCode} code
 * @property {string} message
 */

/** @typedef {Welcome | RoomMessage | Update | ServerPing | Pong | ErrorMessage} ServerMessage */

// -- client -> server --------------------------------------------------------------------

/**
 * @typedef {{type: "join", token: string} | {type: "join", spectator: true}} Join
 */

/**
 * An action as its text; in a window or decision, with the window's id and the
 * reaction time measured from the paint of the update that opened it (docs/fairness.md).
 * @typedef {object} Act
 * @property {"act"} type
 * @property {string} action
 * @property {number} [window]
 * @property {number} [reaction_ms]
 */

/**
 * @typedef {object} PassMessage
 * @property {"pass"} type
 * @property {number} [window]
 * @property {number} [reaction_ms]
 */

/** @typedef {{type: "start"}} Start */
/** @typedef {{type: "rematch"}} Rematch */
/** @typedef {{type: "ready"}} Ready */
/** @typedef {{type: "ping", id: number}} Ping */
/** @typedef {{type: "pong", id: number}} ClientPong */

/** @typedef {Join | Act | PassMessage | Start | Rematch | Ready | Ping | ClientPong} ClientMessage */

// -- the table interface -------------------------------------------------------------------

/**
 * What the room page gives a table.  `act(text, event)` sends one of `update.legal`;
 * pass the input event that made it (a `pointerdown` or `keydown`) so that, in a
 * reaction window, the shell can time it from the paint of the window (tables never
 * measure time themselves).
 * @typedef {object} TableContext
 * @property {number | null} seat   the seat this page plays; null: watching
 * @property {number} players
 * @property {string[]} names       each seat's name, as shown
 * @property {(text: string, event?: Event) => void} act
 * @property {unknown} [facts]      the game's facts (`GameInfo.facts`, its `Facts` type),
 *                                  given by `tables/index.js`
 */

/**
 * A game's table: draws each update (the view, who acts, the legal actions, the
 * events), and nothing else.
 * @typedef {object} Table
 * @property {(update: Update) => void} update
 */

/** @typedef {(root: HTMLElement, ctx: TableContext) => Table} CreateTable */
