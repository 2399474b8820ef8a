#include "tests/serverrequirement.h"

bool ServerRequirement::enforced()
{
    return qEnvironmentVariableIntValue("IDEM_TEST_REQUIRE_SERVERS") == 1;
}

QString ServerRequirement::unsetMessage(const char *variable)
{
    return QLatin1String(variable) + QLatin1String(" is not set: tools/test.sh starts the servers and sets it");
}
