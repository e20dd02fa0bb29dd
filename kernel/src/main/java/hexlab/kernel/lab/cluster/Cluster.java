package hexlab.kernel.lab.cluster;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import hexlab.kernel.error.InputException;

import java.util.ArrayList;
import java.util.List;

/**
 * The lab across machines, on Hazelcast: members ({@link LabMember}) play games; the batch's
 * coordinator ({@link ClusterPlayers}) joins as a client. Everything they exchange is data: the
 * batch's plan as JSON text (system, scenario, seeds, variants and their drafts, the rules'
 * versions and hashes), places to play as numbers, each game back as JSON text. Java
 * serialization is refused outright on both sides, so no object of an arbitrary class is ever
 * read from the network. A cluster is for a trusted network: members bind the loopback address
 * unless told another, and anyone who reaches a member's port may join it.
 */
public final class Cluster {
    /** Only members and clients of this name join one another. */
    public static final String NAME = "hexlab-lab";

    /** The port a member listens on unless told another; the next free one above it is taken when it is busy. */
    public static final int PORT = 5701;

    /** Partitions of the cluster's data; every member must use the same count. */
    static final int PARTITIONS = 23;

    /** Batches being played, by id: the plan as JSON text. Members watch it. */
    static final String BATCHES = "hexlab-batches";

    /** A member's attribute: the threads it plays on. */
    static final String THREADS = "hexlab.threads";

    private Cluster() {}

    static String queue(String batch) { return "hexlab-work-" + batch; }

    static String done(String batch) { return "hexlab-done-" + batch; }

    static String claims(String batch) { return "hexlab-claims-" + batch; }

    static String refusals(String batch) { return "hexlab-refusals-" + batch; }

    /** A game that failed other than by its rules (a bug of hexlab): the batch fails, as it does on one machine. */
    static String failures(String batch) { return "hexlab-failures-" + batch; }

    /** "HOST:PORT,HOST:PORT" as a list, each checked; {@code option} names the option in an error. */
    public static List<String> addresses(String list, String option) {
        List<String> out = new ArrayList<>();
        for (String a : list.split(",")) {
            String s = a.trim();
            if (s.isEmpty()) continue;
            int colon = s.lastIndexOf(':');
            if (colon <= 0 || !s.substring(colon + 1).matches("\\d{1,5}") || Integer.parseInt(s.substring(colon + 1)) > 65535) {
                throw new InputException(null, 0, 0, option + ": expected HOST:PORT[,HOST:PORT...] such as 127.0.0.1:5701, found \"" + s + "\"");
            }
            out.add(s);
        }
        if (out.isEmpty()) throw new InputException(null, 0, 0, option + ": give at least one HOST:PORT");
        return out;
    }

    /** Seconds without a heartbeat after which a member is put out of the cluster and its games handed to the others. */
    static final int NO_HEARTBEAT_S = 10;

    /** Seconds a member's call to the cluster waits for an answer before it fails (and is asked again). */
    static final int CALL_TIMEOUT_S = 15;

    /** A member's configuration: bound to {@code bind}, joining {@code join} by TCP (no multicast, no discovery, no phoning home). */
    public static Config member(String bind, int port, List<String> join, int threads) {
        Config c = new Config();
        c.setClusterName(NAME);
        quiet(c.getProperties());
        c.setProperty("hazelcast.local.localAddress", bind);
        c.setProperty("hazelcast.socket.bind.any", "false");
        // a member leaving hands its partitions over for at most this long (default 10 minutes: a test's members closing under load waited that long)
        c.setProperty("hazelcast.graceful.shutdown.max.wait", "30");
        // a lab cluster holds a queue and a few small maps: few partitions make a member joining or leaving cheap (271 by default)
        c.setProperty("hazelcast.partition.count", String.valueOf(PARTITIONS));
        // a member that stops answering (killed, its machine gone) is put out after this many seconds without a heartbeat, not the
        // default 60: until then every call on its partitions waits; heartbeats go each second on a thread of their own
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", String.valueOf(NO_HEARTBEAT_S));
        // a call that hears nothing back (sent to a member just killed) fails after this, not 60 s, and is asked again; a call still
        // running is not cut short (its member says it is alive meanwhile)
        c.setProperty("hazelcast.operation.call.timeout.millis", String.valueOf(CALL_TIMEOUT_S * 1000));
        c.getSerializationConfig().setJavaSerializationFilterConfig(refuseAll());
        c.getMemberAttributeConfig().setAttribute(THREADS, String.valueOf(threads));
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(port).setPortAutoIncrement(true).setPortCount(20);
        net.getInterfaces().setEnabled(true).addInterface(bind);
        JoinConfig j = net.getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true).setMembers(join.isEmpty() ? List.of(bind) : join);
        return c;
    }

    /** A coordinator's configuration: a client of the members at {@code addresses}. */
    public static ClientConfig client(List<String> addresses) {
        ClientConfig c = new ClientConfig();
        c.setClusterName(NAME);
        quiet(c.getProperties());
        c.getSerializationConfig().setJavaSerializationFilterConfig(refuseAll());
        c.getNetworkConfig().setAddresses(new ArrayList<>(addresses));
        c.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(15_000);
        // the client keeps Hazelcast's 120 s: a call sent while the cluster forms or takes a member in can wait longer than the
        // members' 15 s (a coordinator with 15 s gave up on a batch no member had yet seen, leaving its maps behind)
        return c;
    }

    private static void quiet(java.util.Properties p) {
        p.setProperty("hazelcast.phone.home.enabled", "false");
        p.setProperty("hazelcast.logging.type", "none");
        p.setProperty("hazelcast.shutdownhook.enabled", "false");
    }

    // the only class allowed does not exist: whatever arrives Java-serialized is refused before it is read
    private static JavaSerializationFilterConfig refuseAll() {
        JavaSerializationFilterConfig f = new JavaSerializationFilterConfig().setDefaultsDisabled(true);
        f.getWhitelist().addClasses(Cluster.class.getName() + "$Nothing");
        return f;
    }
}
