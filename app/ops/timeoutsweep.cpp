// written for issue 5
