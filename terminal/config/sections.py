"""The sections of ``kiosk.cfg``: one frozen record each, every key with its shipped default, what it
allows and why it is there.

A key is a field made with :func:`~terminal.config.keys.setting`; its type is what the loader hands the
program. Amounts are written in major units of ``[money] currency`` (``12.50``) and held in minor units
(1250). Paths are relative to the folder of the config file. The shipped ``kiosk.cfg`` is generated from
these declarations (``terminal config template``), so the file and the code cannot drift apart. Which
sections a configuration has, and in what order, is :class:`~terminal.config.model.Config`'s to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from terminal.config import sas_keys
from terminal.config.keys import (
    amount,
    amount_list,
    boolean,
    choice,
    data_path,
    integer,
    optional_path,
    placement,
    ratio,
    read_with,
    seat_list,
    setting,
    text,
    url_list,
    yard_map,
)
from terminal.config.keys import path as a_path
from terminal.games.base import Limits
from terminal.games.crapless.rules import ODDS_CHOICES as CRAPLESS_ODDS
from terminal.games.props_hops import rules as _props_hops
from terminal.games.registry import GAMES
from terminal.games.roulette.b2b import DEFAULT_WEIGHTS, parse_weights
from terminal.windows import Placement


def _high_roll_dice(text: str) -> int:
    if text not in ("10", "6"):
        raise ValueError("must be 10 or 6")
    return int(text)


ODDS_CHOICES = ("3-4-5x", *(f"{n}x" for n in range(1, 11)))


@dataclass(frozen=True, slots=True)
class TableSection:
    """[table]: what this table is and plays."""

    venue: str = setting("Keystone Casino", text(40), "venue name, printed on vouchers")
    address: str = setting(
        "1 Casino Boulevard, Harrisburg, PA 17101", text(80), "the venue's address, printed on vouchers"
    )
    table_id: str = setting("T-01", text(16, r"[A-Za-z0-9-]+"), "table id: letters, digits, dashes")
    game: str = setting("roulette", choice(*GAMES), "the game this table runs")
    seats: int = setting("8", integer(1, 16), "number of player seats (at most the game's: 6 to 16)")
    betting_seconds: int = setting("25", integer(5, 300), "length of the betting window")
    results_seconds: int = setting("8", integer(1, 60), "how long results stay on screen")
    host: str = setting("127.0.0.1", text(64), "address the controller listens on for seats")
    port: int = setting("7800", integer(0, 65535), "port the controller listens on (0 = any free port)")
    headless_rounds: int = setting("50", integer(1, 10_000_000), "rounds a headless run plays")
    local_seats: tuple[int, ...] = setting(
        "1", seat_list(16), "seats whose windows 'terminal run' opens on this machine (none: bots only)"
    )
    gaming_day_hour: int = setting(
        "6", integer(0, 23), "hour (UTC) the end-of-day report's gaming day begins (the floor's)"
    )
    data_dir: Path = setting(
        ".", a_path(), "folder of the table's data (ledgers, keys, logs; --data DIR): relative data paths "
        "resolve under it, so the program folder can stay read-only (docs/install.md)"
    )
    helpline: str = setting(
        "1-800-GAMBLER", text(40), "problem-gambling helpline on every cash-out, reality check and limit card"
    )


@dataclass(frozen=True, slots=True)
class LimitsSection:
    """[limits]: table limits; any wager id from the catalogue may get ``<id>_min`` / ``<id>_max`` keys."""

    wager_min: int = setting("1.00", amount("0.01"), "minimum of any single wager")
    wager_max: int = setting("500.00", amount("0.01"), "maximum of any single wager")
    seat_max: int = setting("2500.00", amount("0.01"), "most a seat may have in play in one round")
    increment: int = setting("1.00", amount("0.01"), "every wager is a multiple of this")
    chip_values: tuple[int, ...] = setting("1, 5, 25, 100, 500", amount_list(), "chips in the seat's tray")
    overrides: tuple[tuple[str, int | None, int | None], ...] = ()

    def for_wager(self, wager: str, increment: int | None = None) -> Limits:
        """The limits of wager kind ``wager``: its own min/max keys, else the table's."""
        low, high = self.wager_min, self.wager_max
        for name, own_low, own_high in self.overrides:
            if name == wager:
                low = own_low if own_low is not None else low
                high = own_high if own_high is not None else high
        return Limits(low, high, increment or self.increment)


@dataclass(frozen=True, slots=True)
class RouletteSection:
    """[roulette]: the wheel and its wagers."""

    wheel: str = setting(
        "double_zero", choice("double_zero", "single_zero", "double_as_single"), "which wheel (§ 617a.1)"
    )
    five_adjacent: bool = setting("true", boolean(), "offer Five Adjacent Number from the racetrack")
    paytable: str = setting("standard", choice("standard"), "paytable of the standard wagers")


@dataclass(frozen=True, slots=True)
class TouchdownSection:
    """[touchdown]: the Touchdown Roulette side wager (double zero only)."""

    offered: bool = setting("true", boolean(), "offer Touchdown Roulette (needs wheel = double_zero)")
    paytable: str = setting("A", choice("A", "B", "C", "D"), "Touchdown paytable (§ 617a.4(d))")
    team_choice_seconds: int = setting(
        "15", integer(5, 120), "time to choose a team before the RNG assigns one"
    )
    yards: tuple[int, ...] = setting(
        "0:0, 1-10:3, 11-20:5, 21-30:10, 31-36:15", yard_map(), "yards the ball moves per pocket (0 = greens)"
    )
    min: int = setting("1.00", amount("0.01"), "minimum Touchdown wager")
    max: int = setting("25.00", amount("0.01"), "maximum Touchdown wager")


@dataclass(frozen=True, slots=True)
class B2BSection:
    """[b2b]: the B2B Roulette side wager (§ 617b.2), either wheel; limits: [limits] b2b_min / b2b_max."""

    offered: bool = setting("false", boolean(), "offer B2B Roulette (the pocket repeats the previous spin)")
    weights: tuple[tuple[int, int], ...] = setting(
        DEFAULT_WEIGHTS,
        read_with("odds:weight for all seven odds, each above 0, totalling 1000", parse_weights),
        "how often the RNG draws each payout, per 1000 (§ 617b.2(e))",
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Blazing7sSection:
    """[blazing7s]: the Blazing 7's side wager (§ 617b.3); limits: [limits] blazing7s_min / blazing7s_max."""

    offered: bool = setting("false", boolean(), "offer Blazing 7's (beside another roulette wager)")
    paytable: str = setting("1", choice("1", "2", "3", "4"), "Blazing 7's paytable (§ 617b.3(j))")


@dataclass(frozen=True, slots=True)
class CrapsSection:
    """[craps]: odds, vigorish and increments."""

    max_odds: str = setting("3-4-5x", choice(*ODDS_CHOICES), "largest odds wager as a multiple of the flat")
    come_odds_on_comeout: bool = setting("false", boolean(), "come odds working on the come-out")
    buy_offered: bool = setting("true", boolean(), "offer Buy bets")
    lay_offered: bool = setting("true", boolean(), "offer Lay bets")
    vig_percent: int = setting("5", integer(0, 5), "commission on Buy and Lay, percent (at most 5)")
    buy_vig: str = setting("on_win", choice("on_win", "on_bet"), "when Buy vig is collected")
    lay_vig: str = setting("on_bet", choice("on_bet", "on_win"), "when Lay vig is collected")
    vig_minimum: int = setting(
        "1.00", amount("0.00"), "smallest vig collected (vig rounds down to whole units)"
    )
    place_increments: bool = setting(
        "true", boolean(), "Place 6/8 in 6 units, 4/5/9/10 and Buy/Lay in 5 units"
    )
    paytable: str = setting("standard", choice("standard"), "paytable of the standard craps wagers")


@dataclass(frozen=True, slots=True)
class LuckyShooterSection:
    """[lucky_shooter]: the Lucky Shooter side wager."""

    offered: bool = setting("true", boolean(), "offer Lucky Shooter")
    paytable: str = setting("A", choice("A", "B", "C", "D"), "Lucky Shooter paytable (§ 623b.3)")
    min: int = setting("1.00", amount("0.01"), "minimum Lucky Shooter wager")
    max: int = setting("25.00", amount("0.01"), "maximum Lucky Shooter wager")


@dataclass(frozen=True, slots=True)
class FireBetSection:
    """[fire_bet]: the Fire Bet; limits 1 to 5 whole currency units (§ 623a.11)."""

    offered: bool = setting("true", boolean(), "offer the Fire Bet")
    paytable: str = setting("A", choice("A", "B"), "Fire Bet paytable")
    min: int = setting("1.00", amount("1.00", "5.00"), "minimum Fire Bet, whole units")
    max: int = setting("5.00", amount("1.00", "5.00"), "maximum Fire Bet, whole units")


@dataclass(frozen=True, slots=True)
class BonusCrapsSection:
    """[bonus_craps]: Bonus Craps, "Make 'em All"."""

    offered: bool = setting("true", boolean(), "offer Bonus Craps (All Small, All Tall, All or Nothing)")
    paytable: str = setting("1", choice("1", "2"), "Bonus Craps paytable")
    min: int = setting("1.00", amount("0.01"), "minimum Bonus Craps wager")
    max: int = setting("25.00", amount("0.01"), "maximum Bonus Craps wager")


@dataclass(frozen=True, slots=True)
class HotRollerSection:
    """[hot_roller]: the Hot Roller side wager (§ 623b.2)."""

    offered: bool = setting("true", boolean(), "offer Hot Roller")
    paytable: str = setting("A", choice("A", "B"), "Hot Roller paytable (§ 623b.2(h))")
    min: int = setting("1.00", amount("0.01"), "minimum Hot Roller wager")
    max: int = setting("25.00", amount("0.01"), "maximum Hot Roller wager")


@dataclass(frozen=True, slots=True)
class SicBoSection:
    """[sicbo]: Sic Bo (§ 625a)."""

    paytable: str = setting("A", choice("A", "B"), "Sic Bo paytable (§ 625a.6)")


@dataclass(frozen=True, slots=True)
class BigSixSection:
    """[bigsix]: the Big Six wheel (§ 619a); the flag section shows [table] venue."""

    paytable: str = setting("standard", choice("standard"), "Big Six paytable (§ 619a.3 minimums)")


@dataclass(frozen=True, slots=True)
class PropsHopsSection:
    """[props_hops]: Props & Hops (§ 668a); at most six seats."""

    paytable: str = setting("standard", choice("standard"), "Props & Hops paytable (§ 668a.4)")
    hop_grid: str = setting(
        _props_hops.DEFAULT_GRID,
        read_with(
            "three rows of seven boxes separated by '/', the 21 combinations once each, every Hop group "
            "returning under 100 %",
            lambda text: _props_hops.read_grid(text).text,
        ),
        "the hop grid, top row first (GAMES.md 6.2); the Hop wagers pay on its groups",
    )


@dataclass(frozen=True, slots=True)
class CraplessSection:
    """[crapless]: Crapless Craps (GAMES.md §6.4): odds, Put, Buy, vigorish and increments."""

    paytable: str = setting("standard", choice("standard"), "paytable of the crapless wagers (CC 5.B)")
    max_odds: str = setting(
        "1-2-3-4-5x", choice(*CRAPLESS_ODDS), "largest odds as a multiple of the flat (1x on 2/12 .. 5x 6/8)"
    )
    come_odds_on_comeout: bool = setting("false", boolean(), "come and put odds working on the come-out")
    put_offered: bool = setting("true", boolean(), "offer Put bets on 2 to 12")
    buy_offered: bool = setting("true", boolean(), "offer Buy bets on 2 to 12")
    vig_percent: int = setting("5", integer(0, 5), "commission on Buy, percent (at most 5)")
    buy_vig: str = setting("on_win", choice("on_win", "on_bet"), "when Buy vig is collected")
    vig_minimum: int = setting(
        "1.00", amount("0.00"), "smallest vig collected (vig rounds down to whole units)"
    )
    place_increments: bool = setting(
        "true", boolean(), "Place 2/12 in 2 units, 3/11 in 4, 4/5/9/10 in 5, 6/8 in 6; Buy 5/9 in 2, 6/8 in 5"
    )
    hardways_on_comeout: bool = setting("true", boolean(), "hardways working on the come-out (CC 3.A.v)")


@dataclass(frozen=True, slots=True)
class CraplessFireSection:
    """[crapless_fire]: the Crapless Fire Bet: ten points, paying from three (CC 5.G, 11)."""

    offered: bool = setting("true", boolean(), "offer the Crapless Fire Bet")
    paytable: str = setting("standard", choice("standard"), "Crapless Fire Bet paytable (CC 5.G)")
    min: int = setting("1.00", amount("1.00"), "minimum Crapless Fire Bet, whole units")
    max: int = setting("25.00", amount("1.00"), "maximum Crapless Fire Bet, whole units")


@dataclass(frozen=True, slots=True)
class HardRocknDiceSection:
    """[hard_rockn_dice]: Six String, Fab Four and The Tenor at Crapless Craps (CC 5.H, 12); off by default"""

    offered: bool = setting("false", boolean(), "offer Hard Rock'n Dice")
    paytable: str = setting("standard", choice("standard"), "Hard Rock'n Dice paytable (CC 5.H)")


@dataclass(frozen=True, slots=True)
class MoneySection:
    """[money]: currency, bills, vouchers and hand-pays."""

    currency: str = setting("USD", choice("USD", "CAD", "EUR", "GBP", "MXN"), "currency of every amount")
    denomination: int = setting("0.01", amount("0.01"), "value of one credit")
    bills: tuple[int, ...] = setting("1, 5, 10, 20, 50, 100", amount_list("1.00"), "bills the acceptor takes")
    credit_limit: int = setting("10000.00", amount("1.00"), "most credits a seat may hold")
    handpay_limit: int = setting(
        "1200.00", amount("1.00"), "a single award at or above this locks for hand-pay"
    )
    voucher_expiry_days: int = setting(
        "30", integer(0, 3650), "days a voucher stays valid (0 = never expires)"
    )


@dataclass(frozen=True, slots=True)
class LedgerSection:
    """[ledger]: where the ledger lives."""

    path: Path = setting("var/ledger.sqlite", data_path(), "the SQLite ledger")
    key_path: Path = setting(
        "var/ledger.key", data_path(), "HMAC key of the chain, kept outside the database"
    )
    archive_dir: Path = setting("var/archive", data_path(), "where RAM clear archives old epochs")
    checkpoint_rows: int = setting("10000", integer(100, 10_000_000), "rows between verification checkpoints")
    meter_digits: int = setting("10", integer(6, 18), "meters roll over at this many decimal digits")


@dataclass(frozen=True, slots=True)
class RngSection:
    """[rng]: the certified generator."""

    generator: str = setting(
        "ctr_drbg_aes256", choice("ctr_drbg_aes256", "hmac_drbg_sha256"), "production DRBG mechanism"
    )
    reseed_interval: int = setting("100000", integer(1, 2**48), "generate calls between reseeds")
    reseed_seconds: int = setting("600", integer(1, 86_400), "reseed at least this often")
    background_advance: bool = setting(
        "true", boolean(), "cycle the generator after every round and on a timer while the table is idle"
    )
    advance_ms: int = setting(
        "100", integer(10, 10_000), "with background_advance, cycle it this often while idle (milliseconds)"
    )
    min_entropy_per_byte: int = setting(
        "7", integer(1, 8), "claimed min-entropy of the OS source, bits per byte (SP 800-90B health tests)"
    )
    health_alpha_exponent: int = setting(
        "40", integer(20, 40), "health-test false-alarm rate is 2**-N per sample (SP 800-90B: 20..40)"
    )


@dataclass(frozen=True, slots=True)
class ServiceSection:
    """[service]: technician mode."""

    users_path: Path = setting(
        "var/users.json", data_path(), "service users, roles and PIN hashes: JSON the users command writes"
    )
    pin_attempts: int = setting("3", integer(1, 10), "wrong PINs before the service login locks")
    lockout_seconds: int = setting("300", integer(0, 86_400), "how long the login stays locked")
    idle_logout_seconds: int = setting("120", integer(10, 3600), "service session ends after this idle time")


@dataclass(frozen=True, slots=True)
class SeatSection:
    """[seat]: the player's touchscreen."""

    language: str = setting("en", choice("en", "es"), "default language of the seat screens")
    width: int = setting("1920", integer(640, 7680), "screen width in pixels")
    height: int = setting("1080", integer(480, 4320), "screen height in pixels")
    long_press_ms: int = setting("600", integer(200, 3000), "press this long on a chip to remove it")
    reality_check_minutes: int = setting("0", integer(0, 240), "reality-check reminder period (0 = off)")
    attract_seconds: int = setting(
        "90", integer(0, 3600), "seat with no credits, untouched this long, shows its attract loop (0: off)"
    )
    keys_path: Path = setting(
        "var/seat.keys", data_path(), "protocol key of every seat, display and service screen (created 0600)"
    )
    heartbeat_ms: int = setting(
        "1000", integer(50, 10_000), "seats and controller send a heartbeat this often"
    )
    link_timeout_ms: int = setting(
        "3000", integer(150, 60_000), "a link silent this long is lost: the seat stops taking wagers"
    )


@dataclass(frozen=True, slots=True)
class DisplaySection:
    """[display]: the shared table display."""

    width: int = setting("1920", integer(640, 7680), "display width in pixels")
    height: int = setting("1080", integer(480, 4320), "display height in pixels")
    history_length: int = setting("20", integer(5, 100), "results shown in the history strip")
    attract_seconds: int = setting(
        "180", integer(0, 3600), "with no round played this long the display shows its attract loop (0: off)"
    )


@dataclass(frozen=True, slots=True)
class LabSection:
    """[lab]: certification tools and test mode."""

    mode: bool = setting(
        "false", boolean(), "lab mode: forced outcomes, TEST watermark, separate test meters"
    )
    output_dir: Path = setting("var/lab", data_path(), "where dumps, reports and screenshots are written")
    manifest_path: Path = setting("MANIFEST.sha256", a_path(), "signed manifest of program files")
    trusted_key: Path = setting(
        "maker.pub", a_path(), "the maker's Ed25519 public key, kept outside the program it verifies"
    )
    verify_at_boot: str = setting(
        "auto", choice("auto", "always", "never"),
        "check program files at boot (an installed table: always; auto, a development checkout: only if a "
        "manifest exists, until the ledger has run a verified one)",
        installed="always",
    )  # fmt: skip
    test_ledger_path: Path = setting(
        "var/test-ledger.sqlite", data_path(),
        "lab mode plays on this ledger: test meters, production untouched",
    )
    rtp_floor: Fraction = setting(
        "0", ratio(), "the jurisdiction's least RTP of any offered wager (0.80, 0.85; 0: none)"
    )
    install_log: Path = setting(
        "var/installs.jsonl", data_path(), "install and update log: every make-manifest, its result and who"
    )


@dataclass(frozen=True, slots=True)
class LinksSection:
    """[links]: how seats, the table display and service screens reach the controller."""

    tls: str = setting(
        "on", choice("on", "off"), "TLS 1.3, each side with a certificate (off: plain TCP, loopback only)"
    )
    pki_dir: Path = setting(
        "var/pki", data_path(),
        "table CA, certificates and revocation list (made on first start; terminal keys)",
    )


@dataclass(frozen=True, slots=True)
class SoundSection:
    """[sound]: what the table says and plays (assets/sounds), and how loud."""

    display_volume: int = setting(
        "80", integer(0, 100), "loudness of the table display's calls, percent (0 = silent)"
    )
    seat_volume: int = setting(
        "60", integer(0, 100), "loudness of each seat's sounds (chip, closing, win), percent (0 = silent)"
    )
    seat_calls: bool = setting(
        "false", boolean(), "seats also call the bets and the result, in their player's language"
    )


@dataclass(frozen=True, slots=True)
class WindowsSection:
    """[windows]: where each window of this machine opens (auto: full screen if each has a monitor)."""

    display: Placement = setting("auto", placement(), "the table display's window")
    seat_1: Placement = setting("auto", placement(), "seat 1's window")
    seat_2: Placement = setting("auto", placement(), "seat 2's window")
    seat_3: Placement = setting("auto", placement(), "seat 3's window")
    seat_4: Placement = setting("auto", placement(), "seat 4's window")
    seat_5: Placement = setting("auto", placement(), "seat 5's window")
    seat_6: Placement = setting("auto", placement(), "seat 6's window")
    seat_7: Placement = setting("auto", placement(), "seat 7's window")
    seat_8: Placement = setting("auto", placement(), "seat 8's window")

    def placements(self) -> dict[str, Placement]:
        """Every window's placement by name (``display``, ``seat_1`` ...)."""
        names = ("display", *(f"seat_{n}" for n in range(1, 9)))
        return {name: getattr(self, name) for name in names}


@dataclass(frozen=True, slots=True)
class DevicesSection:
    """[devices]: the table's bill acceptors, ticket readers, printers, door switches and service key."""

    kind: str = setting(
        "simulated", choice("simulated", "hardware"),
        "simulated (software devices a screen can work: lab and demo) or hardware (the real switches)",
    )  # fmt: skip
    main_door: Path | None = setting("none", optional_path(), "hardware: main door switch (GPIO value file)")
    logic_door: Path | None = setting("none", optional_path(), "hardware: logic door switch (value file)")
    cash_door: Path | None = setting("none", optional_path(), "hardware: cash box door switch (value file)")
    service_key: Path | None = setting("none", optional_path(), "hardware: service key switch (value file)")
    money_lines: str = setting(
        "none", text(400), "hardware: each seat's bill validator and ticket reader (ID-003), serial lines in "
        "seat order separated by commas, or none",
    )  # fmt: skip
    poll_ms: int = setting("50", integer(10, 1000), "hardware: how often the switches and units are read")
    tower_red: Path | None = setting(
        "none", optional_path(), "hardware: the tower light's red lamp (GPIO output value file; door, tilt)"
    )
    tower_yellow: Path | None = setting(
        "none", optional_path(), "hardware: the tower light's yellow lamp (output; hand-pay, service call)"
    )
    alarm: Path | None = setting("none", optional_path(), "hardware: the cabinet's alarm (output value file)")


@dataclass(frozen=True, slots=True)
class FloorSection:
    """[floor]: the casino floor link (NATS JetStream); without this section the table is on its own."""

    url: tuple[str, ...] = setting(
        "nats://127.0.0.1:4222", url_list("nats", "tls"), "the floor's NATS servers (a cluster: several)"
    )
    ca_path: Path | None = setting("none", optional_path(), "CA certificate the servers' TLS is checked with")
    cert_path: Path | None = setting("none", optional_path(), "this table's TLS client certificate")
    key_path: Path | None = setting("none", optional_path(), "the private key of cert_path")
    creds_path: Path | None = setting("none", optional_path(), "NATS credentials file (user JWT and seed)")
    nkey_path: Path | None = setting(
        "none", optional_path(), "this table's (or the floor service's) NKey seed: terminal floor keys"
    )
    keys_dir: Path = setting(
        "var/floor-keys", data_path(), "the floor's CA, server and client credentials (floor service only)"
    )
    max_offline_minutes: int = setting(
        "60", integer(1, 10_080), "the table tilts when floor events wait longer than this to be sent"
    )
    replicas: int = setting("1", integer(1, 5), "copies of the floor stream and voucher bucket (R3: 3)")
    heartbeat_seconds: int = setting("2", integer(1, 60), "a table tells the floor it is alive this often")
    request_ms: int = setting(
        "2000", integer(100, 30_000), "a voucher check or redemption waits this long for the floor"
    )
    reconnect_ms: int = setting(
        "500", integer(10, 60_000), "a table whose floor went away tries it again this often"
    )
    sweep_ms: int = setting(
        "5000", integer(50, 600_000), "a table looks this often for its vouchers the floor closed elsewhere"
    )
    store_path: Path = setting(
        "var/floor.sqlite", data_path(), "the floor service's store (rebuilt from the stream)"
    )
    gaming_day_hour: int = setting("6", integer(0, 23), "hour (UTC) at which the gaming day begins")
    serve_host: str = setting("127.0.0.1", text(64), "address the floor web page listens on")
    serve_port: int = setting("8780", integer(0, 65535), "port of the floor web page (0 = any free port)")
    sign_key_path: Path = setting(
        "var/floor-table.key", a_path(), "this table's Ed25519 key signing what it sends the floor (0600)"
    )
    floor_key_path: Path = setting(
        "var/floor.key", a_path(), "the floor's Ed25519 key (floor computer only; floor.pub made beside it)"
    )
    floor_pub_path: Path = setting(
        "var/floor.pub", a_path(), "the floor's public key, copied to every table from the floor computer"
    )


@dataclass(frozen=True, slots=True)
class SasSection:
    """[sas]: each seat a gaming machine on the casino's system (SAS 6.02; docs/sas.md)."""

    enabled: bool = setting("false", boolean(), "serve SAS on each seat's line (terminal sas run)")
    ports: tuple[tuple[int, str], ...] = setting(
        "none",
        read_with("SEAT=LINE pairs: a serial device, pty:PATH or tcp:HOST:PORT; or none", sas_keys.ports),
        "each seat's SAS line, like '1=/dev/ttyS0, 2=tcp:10.0.0.9:7002'",
    )  # fmt: skip
    addresses: tuple[tuple[int, int], ...] = setting(
        "none", read_with("SEAT=ADDRESS pairs, addresses 1 to 127 and distinct; or none", sas_keys.addresses),
        "each seat's SAS address, like '1=1, 2=2'",
    )  # fmt: skip
    asset_numbers: tuple[tuple[int, int], ...] = setting(
        "none", read_with("SEAT=NUMBER pairs, 0 to 4294967295; or none", sas_keys.asset_numbers),
        "each seat's asset number on the casino's system",
    )  # fmt: skip
    serial_numbers: tuple[tuple[int, str], ...] = setting(
        "none",
        read_with("SEAT=TEXT pairs, 1 to 40 printable ASCII characters; or none", sas_keys.serial_numbers),
        "each seat's serial number (long poll 54)",
    )  # fmt: skip
    required: bool = setting(
        "false", boolean(), "a silent host (or no SAS process) tilts the seat, sas_link (false: it plays on)"
    )
    host_timeout_ms: int = setting(
        "5000", integer(500, 600_000), "a host that polls a seat less often than this is silent (sas_link)"
    )
    exception_queue: int = setting(
        "1000", integer(20, 100_000), "exceptions a seat holds for an absent host before 70 (overflow)"
    )
    state_dir: Path = setting("var/sas", a_path(), "each seat's SAS store: its exception cursor and link log")
    country_code: int | None = setting(
        "auto", read_with("auto (from [money] currency), or a SAS country code 0 to 39", sas_keys.country),
        "the bill acceptor's country on SAS (long poll 48, table C-6: 37 United States, 7 Canada, 39 euro)",
    )  # fmt: skip
    ticket_timeout_ms: int = setting(
        "15000", integer(1000, 600_000),
        "a ticket not ours waits this long for the host's word (71), then goes back to the player",
    )  # fmt: skip

    def address(self, seat: int) -> int | None:
        """Seat ``seat``'s SAS address, or ``None``."""
        return dict(self.addresses).get(seat)


@dataclass(frozen=True, slots=True)
class HighRollSection:
    """[high_roll]: High Roll Dice (§ 675a; GAMES.md §6.3); at most six seats."""

    dice: int = setting("10", read_with("10 or 6", _high_roll_dice), "dice per throw: 10, or 6 (§ 675a.6)")
    paytable: str = setting("standard", choice("standard"), "§ 675a.5, or § 675a.6(j),(k) with six dice")
    extra_roll: bool = setting("true", boolean(), "offer the Extra Roll (ten dice only)")
    millionaire_row: bool = setting("true", boolean(), "offer Millionaire Row (ten dice only)")
    millionaire_stake: int = setting("1.00", amount("0.01"), "the only stake Millionaire Row takes")
    millionaire_nine: int = setting("50000.00", amount("0.01"), "what exactly nine of a kind wins")
    millionaire_ten: int = setting("1000000.00", amount("0.01"), "what ten of a kind wins")


@dataclass(frozen=True, slots=True)
class TdfSection:
    """[tdf]: Three Dice Football (§ 661a, GAMES.md 6.1); up to 16 seats."""

    paytable: str = setting("standard", choice("standard"), "Three Dice Football paytable (§ 661a.8)")
    down_seconds: int = setting(
        "10", integer(5, 60), "seconds of the window before each down after a game's first (single-play)"
    )
