#pragma once

#include <QString>
#include <QTest>

// What a test does when a server it needs is missing, decided here for every
// suite. tools/test.sh starts the servers and passes their URLs in
// IDEM_TEST_REDIS_URL, IDEM_TEST_REDIS_CLUSTER_URL, IDEM_TEST_POSTGRESQL_URL
// and IDEM_TEST_MYSQL_URL; the tests that start servers of their own
// (tests/testserver.h) need the server programs it installs.
//
// A test that needs a server never passes without it:
//  - with IDEM_TEST_REQUIRE_SERVERS=1 (tools/test.sh exports it) it fails;
//  - otherwise (one test binary run by hand, without servers) it is skipped.
// Either way the message names what is missing (the variable) and that
// tools/test.sh provides it.
//
// Each macro below returns from the calling function (QFAIL, QSKIP): call it
// from the test function itself, or from initTestCase() for the whole suite,
// never from a helper the test calls. In a data-driven test it decides for
// the current row only.
namespace ServerRequirement {

// True when a missing server fails the test (IDEM_TEST_REQUIRE_SERVERS=1).
bool enforced();
// "IDEM_TEST_REDIS_URL is not set: tools/test.sh starts the servers and sets it".
QString unsetMessage(const char *variable);

} // namespace ServerRequirement

// Fails the test when the requirement is enforced, skips it otherwise; `why`
// (a QString) says what is missing and where it comes from.
#define IDEM_SERVER_MISSING(why)                                                                                                           \
    do {                                                                                                                                   \
        const QByteArray idemServerMissing_ = QString(why).toLocal8Bit();                                                                  \
        if (ServerRequirement::enforced())                                                                                                 \
            QFAIL(idemServerMissing_.constData());                                                                                         \
        QSKIP(idemServerMissing_.constData());                                                                                             \
    } while (false)

// Goes on only when the environment variable `variable` (a const char *,
// e.g. "IDEM_TEST_REDIS_URL") holds a URL; IDEM_SERVER_MISSING otherwise.
#define IDEM_REQUIRE_SERVER_URL(variable)                                                                                                  \
    do {                                                                                                                                   \
        if (qEnvironmentVariableIsEmpty(variable))                                                                                         \
            IDEM_SERVER_MISSING(ServerRequirement::unsetMessage(variable));                                                                \
    } while (false)

// As QFETCH does for a data column: IDEM_REQUIRE_SERVER_URL(variable), then
// declares `const QString name` holding that URL.
#define IDEM_FETCH_SERVER_URL(name, variable)                                                                                              \
    IDEM_REQUIRE_SERVER_URL(variable);                                                                                                     \
    const QString name = qEnvironmentVariable(variable)
