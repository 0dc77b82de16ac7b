/** The address family a run's connections are made over (`--ip-family`): IPv4 or IPv6. */
export type IpFamily = 4 | 6;
