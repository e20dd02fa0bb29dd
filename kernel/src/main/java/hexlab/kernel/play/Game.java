package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import hexlab.kernel.rules.Ref;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.script.HostBridge;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.script.RulesContext;
import hexlab.kernel.seq.Node;
import hexlab.kernel.util.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One game in progress: the rules' state (inside the rules context), the control stack walked
 * over the declared sequence of play, the dice, and the list of actions taken. The engine surface
 * is {@link #view} and {@link #apply}; bots, the command line, the inspector and tests all use it.
 */
public final class Game implements HostBridge.Game, hexlab.kernel.bot.Seat {
    /** How many automatic steps may run without anyone deciding before the sequence is declared stuck. */
    private static final int MAX_STEPS_WITHOUT_DECISION = 1_000_000;
    private static final String ROOT = "root";

    private final RulesContext rules;
    private final RuleSystem system;
    private final Scenario scenario;
    private final long seed;
    private final Map<String, Node> nodes;
    private final List<Frame> stack = new ArrayList<>();
    private final List<JsonNode> actions = new ArrayList<>();
    private Dice dice;
    private JsonNode result;
    private String seeking;          // a scenario that starts mid-turn skips steps until this phase
    private boolean seekSide;
    private boolean keepTrace = true;
    private int turn;                // the game-turn the turns loop last set; kept after the loop ends

    // the decision in front of the side to act, computed once per position
    private boolean ready;
    private int choices;
    private String toAct;
    private String prompt;           // asked of the rules only when someone looks (bots never do)
    private String rule;
    private boolean promptKnown;
    private boolean activation;      // the decision is an activation's impulse choice, offered by the kernel
    private boolean doneCalled;
    // the opening (openingLength): the index of the action being applied, or SET_UP while the game
    // is set up; and, once a die has been rolled, where: that index, or SET_UP
    private static final int SET_UP = -1, NO_ROLL_YET = -2;
    private int rolling = SET_UP;
    private int firstRoll = NO_ROLL_YET;
    // the action being taken (1-based, as the inspector's log counts) and what it is, for errors; 0 between actions
    private int acting;
    private JsonNode actingOn;

    private Game(RulesContext rules, Scenario scenario, long seed) {
        this.rules = rules;
        this.system = rules.variant().system();
        this.scenario = scenario;
        this.seed = seed;
        this.nodes = new java.util.HashMap<>(system.nodesById());
        nodes.put(ROOT, new Node(ROOT, Node.Kind.PHASE, "game", null, "game", null, null, null, null, null, null, null, null, system.sequence()));
    }

    /** Sets up the scenario and walks the sequence to the first decision. */
    public static Game start(RulesContext rules, Scenario scenario, long seed) { return start(rules, scenario, seed, true); }

    public static Game start(RulesContext rules, Scenario scenario, long seed, boolean keepTrace) {
        Game g = new Game(rules, scenario, seed);
        g.keepTrace = keepTrace;
        g.dice = new Dice(seed);
        g.seeking = scenario.startPhase();
        g.seekSide = scenario.startSide() != null;
        g.attach();
        Ref setup = g.system.setup();
        rules.call("setup", setup.section(), setup.export(), Json.write(scenario.doc()));
        g.stack.add(Frame.of(ROOT, "game"));
        g.advance();
        g.rolling = 0;
        return g;
    }

    /**
     * A game on {@code seed} that starts from another game's opening: a snapshot taken before any
     * die was rolled (its {@link #openingLength()} actions in). Up to there the seed has decided
     * nothing, so with bots that choose from the position alone every seed plays the same opening:
     * a batch plays it once. The rules context must have set up this scenario before (a restore
     * links the pieces to the fixed fields the setup made).
     */
    public static Game resume(RulesContext rules, Scenario scenario, long seed, boolean keepTrace, Snapshot opening) {
        if (opening.diceRolls() != 0) throw new IllegalArgumentException("an opening is a position before the first die roll; this one is after " + opening.diceRolls() + " rolls");
        Game g = new Game(rules, scenario, seed);
        g.keepTrace = keepTrace;
        g.restore(opening);
        g.dice = new Dice(seed);
        return g;
    }

    /**
     * This game's position in another rules context of the same variant (a fresh one): set up
     * there, so the pieces' fixed fields are its own, then restored to where this game stands.
     * Nothing done to the copy reaches this game, its context, or its dice.
     */
    public Game copyInto(RulesContext other) {
        if (other == rules) throw new IllegalArgumentException("a copy needs a rules context of its own");
        Snapshot at = snapshot();
        Game c = new Game(other, scenario, seed);
        c.keepTrace = false;
        c.dice = new Dice(seed);
        c.attach();
        Ref setup = system.setup();
        other.call("setup", setup.section(), setup.export(), Json.write(scenario.doc()));
        c.restore(at);
        c.rolling = rolling;
        return c;
    }

    /**
     * How many actions the game took before its first die was rolled: the opening, which no seed
     * has any say in. {@link #actionCount()} while no die has been rolled; -1 if one was rolled
     * while the game was set up, or if the game was restored to a later position than this game
     * itself reached by playing (a snapshot does not say where its opening ended).
     */
    public int openingLength() { return firstRoll == NO_ROLL_YET ? actions.size() : firstRoll; }

    private void attach() {
        rules.bridge().attach(this);
        rules.tracing(keepTrace);
    }

    public RulesContext rules() { return rules; }

    public RuleSystem system() { return system; }

    public Scenario scenario() { return scenario; }

    public long seed() { return seed; }

    public List<JsonNode> actions() { return List.copyOf(actions); }

    public int actionCount() { return actions.size(); }

    public boolean over() { return result != null; }

    public JsonNode result() { return result; }

    public Dice dice() { return dice; }

    public void keepTrace(boolean keep) { this.keepTrace = keep; }

    // ---- the engine surface ------------------------------------------------------------------

    /**
     * What {@code side} sees; the legal actions only if it is that side's decision (null = any side).
     * In a system with a view, another side's decision is shown by what it is waiting for, not its prompt.
     */
    public View view(String side) {
        attach();
        if (result != null) return new View(turn(), breadcrumb(), null, "the game is over", null, List.of(), result);
        prepare();
        boolean mine = side == null || side.equals(toAct);
        return new View(turn(), breadcrumb(), toAct, promptFor(side), rule, mine ? legalActions() : List.of(), null);
    }

    /**
     * The prompt as {@code side} reads it. A system with a view may hide what a decision is about
     * from the sides not deciding: they read "waiting for X", and the state's {@code inactive}
     * text if it has one ("waiting for blue to retreat"); the designer (null) reads the prompt.
     */
    private String promptFor(String side) {
        describe();
        if (side == null || !system.hasView() || toAct == null || side.equals(toAct) || activation) return prompt;
        org.graalvm.polyglot.Value i = rules.call("currentInactive");
        return "waiting for " + toAct + (i.isNull() || i.asString().isBlank() ? "" : " to " + i.asString());
    }

    /** The side whose decision it is, or null when the game is over. */
    public String toAct() {
        if (result != null) return null;
        attach();
        prepare();
        return toAct;
    }

    /**
     * The index a script bot answers with when it proposes an action the decision accepts beyond
     * its list (a decision state's {@code accepts}, such as a whole attack in one action).
     */
    public static final int PROPOSED = -2;

    @Override
    public int choiceCount() {
        attach();
        prepare();
        return choices;
    }

    @Override
    public List<JsonNode> legalActions() {
        attach();
        prepare();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : Json.read(rules.callString("actionsJson"))) out.add(n);
        return out;
    }

    /** Takes an action for whoever is to act. */
    public Outcome apply(JsonNode action) { return apply(null, action); }

    /** Takes an action for {@code side}; refused with a reason if it is not that side's turn to decide or not legal now. */
    public Outcome apply(String side, JsonNode action) {
        attach();
        if (result != null) return Outcome.refused(new Refusal("the game is over", null));
        prepare();
        if (side != null && !side.equals(toAct)) return Outcome.refused(notTheirs(side));
        String json = Json.write(action);
        int index = rules.callInt("find", json);
        if (index == PROPOSED) return applyIndex(PROPOSED, action);
        if (index < 0) return Outcome.refused(refusal(json));
        return applyIndex(index, action);
    }

    /** Why {@link #apply(String, JsonNode)} would refuse the action, or null if it would take it; changes nothing. */
    public Refusal check(String side, JsonNode action) {
        attach();
        if (result != null) return new Refusal("the game is over", null);
        prepare();
        if (side != null && !side.equals(toAct)) return notTheirs(side);
        String json = Json.write(action);
        int index = rules.callInt("find", json);
        return index < 0 && index != PROPOSED ? refusal(json) : null;
    }

    private Refusal notTheirs(String side) {
        return new Refusal("it is " + toAct + "'s decision now (" + promptFor(side) + "), not " + side + "'s", rule);
    }

    /**
     * Takes the {@code index}-th legal action (bots choose by index: no JSON round trip), or with
     * {@link #PROPOSED} the action a script bot just proposed beyond the list.
     */
    public Outcome applyIndex(int index) { return applyIndex(index, null); }

    /** Takes the {@code index}-th legal action for {@code side}; refused with a reason if it is not that side's turn to decide. */
    public Outcome applyIndex(String side, int index) {
        attach();
        if (result != null) return Outcome.refused(new Refusal("the game is over", null));
        prepare();
        if (side != null && !side.equals(toAct)) return Outcome.refused(notTheirs(side));
        return applyIndex(index, null);
    }

    private Outcome applyIndex(int index, JsonNode action) {
        attach();
        prepare();
        boolean proposed = index == PROPOSED && !activation;
        if (!proposed && (index < 0 || index >= choices)) throw new IllegalArgumentException("action index " + index + " outside 0.." + (choices - 1));
        JsonNode taken = action != null ? action : Json.read(rules.callString(proposed ? "proposedJson" : "actionJson", index));
        if (taken == null || taken.isNull()) throw new IllegalArgumentException("no action was proposed in this decision");
        Frame top = top();
        ready = false;
        rolling = actions.size();
        acting = actions.size() + 1;
        actingOn = taken;
        if (activation) {
            activationChoice(top, taken);
        } else {
            doneCalled = false;
            if (proposed) rules.call("applyProposed");
            else rules.call("apply", index);
            if (doneCalled) top.finished = true;
        }
        actions.add(taken);
        advance();
        acting = 0;
        actingOn = null;
        return new Outcome(true, drain(), null);
    }

    /**
     * Where the game stands, for an error message: the turn, the action being taken or the next one
     * (1-based, as the inspector's log counts them) and the seed.
     */
    @Override
    public String where() {
        if (rolling == SET_UP) return "setting up, seed " + seed;
        return "turn " + turn + ", action " + (acting > 0 ? acting : actions.size() + 1) + ", seed " + seed;
    }

    /**
     * The action a rule error broke off (taken but not finished), or null if the error came between
     * actions (a decision's legal actions, a bot's choice): with the actions before it, and the same
     * seed and variant, it reproduces the error.
     */
    public JsonNode brokenAction() { return acting > 0 && acting > actions.size() ? actingOn : null; }

    private Refusal refusal(String json) {
        describe();
        if (!activation) {
            JsonNode why = Json.read(rules.callString("why", json));
            if (why != null && !why.isNull()) {
                return new Refusal(why.path("reason").asText("not allowed now"), why.path("rule").isMissingNode() ? rule : why.path("rule").asText());
            }
        }
        List<JsonNode> legal = legalActions();
        StringBuilder sb = new StringBuilder("not a legal action now (").append(prompt).append("); legal: ");
        for (int i = 0; i < Math.min(5, legal.size()); i++) sb.append(i == 0 ? "" : ", ").append(Json.write(legal.get(i)));
        if (legal.size() > 5) sb.append(" and ").append(legal.size() - 5).append(" more");
        return new Refusal(sb.toString(), rule);
    }

    // ---- the walker ----------------------------------------------------------------------------

    private Frame top() { return stack.get(stack.size() - 1); }

    private void pop() { stack.remove(stack.size() - 1); }

    /** Runs automatic steps until a decision waits or the game is over. */
    private void advance() {
        int steps = 0;
        ready = false;
        while (result == null) {
            if (++steps > MAX_STEPS_WITHOUT_DECISION) {
                throw new EngineError("the sequence ran " + MAX_STEPS_WITHOUT_DECISION + " steps without anyone deciding (a repeat whose condition never ends?)", position());
            }
            if (stack.isEmpty()) {
                result = Json.read("{\"ended\":\"the sequence of play ran out without a victory determination\"}");
                return;
            }
            Frame f = top();
            if (f.finished) {
                pop();
                continue;
            }
            if (f.node == null) {
                prepare();
                return;
            }
            Node n = nodes.get(f.node);
            switch (n.kind()) {
                case STEP_DECIDE -> {
                    prepare();
                    return;
                }
                case ACTIVATION -> {
                    if (prepare()) return;
                    pop();   // no impulse left to choose: the activation ends by itself
                }
                case STEP_RUN -> {
                    pop();
                    rules.call("run", n.run().section(), n.run().export());
                }
                default -> walkContainer(f, n);
            }
        }
    }

    private void walkContainer(Frame f, Node n) {
        if (f.pc < n.children().size()) {
            enter(n.children().get(f.pc++));
            return;
        }
        switch (n.kind()) {
            case TURNS -> {
                if (f.iter < scenario.lastTurn()) {
                    f.iter++;
                    f.pc = 0;
                    setTurn(f.iter);
                } else pop();
            }
            case PLAYER_TURNS -> {
                if (f.iter + 1 < f.sides.size()) {
                    f.iter++;
                    f.pc = 0;
                    rules.call("setActive", f.sides.get(f.iter));
                } else pop();
            }
            case REPEAT -> {
                if (test(n.whileCond())) f.pc = 0;
                else pop();
            }
            default -> pop();
        }
    }

    private void enter(Node child) {
        boolean leaf = child.kind() == Node.Kind.STEP_RUN || child.kind() == Node.Kind.STEP_DECIDE || child.kind() == Node.Kind.ACTIVATION;
        if (seeking != null) {
            if (child.name().equals(seeking)) seeking = null;
            else if (leaf) return;
        }
        if (child.when() != null && !test(child.when())) return;
        Frame f = Frame.of(child.id(), child.label() != null ? child.label() : child.name());
        switch (child.kind()) {
            case TURNS -> {
                f.iter = scenario.firstTurn();
                setTurn(f.iter);
            }
            case PLAYER_TURNS -> {
                f.sides = sides(child);
                f.iter = 0;
                if (seekSide) {
                    seekSide = false;
                    f.iter = Math.max(0, f.sides.indexOf(scenario.startSide()));
                }
                rules.call("setActive", f.sides.get(f.iter));
            }
            case REPEAT -> {
                if (!test(child.whileCond())) return;
            }
            default -> { }
        }
        stack.add(f);
    }

    private List<String> sides(Node n) {
        if (n.sides() != null) {
            JsonNode s = Json.read(rules.callString("call", n.sides().section(), n.sides().export(), "null"));
            List<String> out = new ArrayList<>();
            s.forEach(x -> out.add(x.asText()));
            if (out.isEmpty()) throw new RuleError(n.sides().toString(), "returned no sides for the player-turns \"" + n.name() + "\"");
            return out;
        }
        List<String> out = new ArrayList<>();
        if (scenario.firstSide() != null) out.add(scenario.firstSide());
        for (String s : system.sides()) if (!out.contains(s)) out.add(s);
        return out;
    }

    private boolean test(Ref r) { return rules.callBoolean("test", r.section(), r.export(), "null"); }

    /**
     * Computes the decision on top of the stack once per position. Returns false only for an
     * activation with no impulse left (the caller ends it); a decision with no legal action is a
     * dead end and an engine error.
     */
    private boolean prepare() {
        if (ready) return true;
        Frame f = top();
        Node n = f.node == null ? null : nodes.get(f.node);
        int code;
        if (n != null && n.kind() == Node.Kind.ACTIVATION) {
            List<String> names = new ArrayList<>();
            for (Node imp : n.children()) names.add(imp.name());
            Ref av = n.available(), sd = n.side();
            code = rules.callInt("activation", Json.write(names), av == null ? null : av.section(), av == null ? null : av.export(),
                    sd == null ? null : sd.section(), sd == null ? null : sd.export());
            if (code / 64 <= 1) return false;
            activation = true;
            prompt = "choose the next impulse of " + n.name() + " or end it";
            rule = n.rule();
            promptKnown = true;
        } else {
            String sec = f.node == null ? f.section : n.decide().section();
            String st = f.node == null ? f.state : n.decide().export();
            String args = f.node == null ? f.args : "null";
            code = rules.callInt("decide", sec, st, args);
            activation = false;
            promptKnown = false;
            if (code / 64 == 0) {
                describe();
                toAct = code % 64 == 0 ? null : system.sides().get(code % 64 - 1);
                throw new EngineError("dead end: " + toAct + " must decide \"" + prompt + "\" (" + sec + "." + st + ") but has no legal action", position());
            }
        }
        choices = code / 64;
        toAct = code % 64 == 0 ? null : system.sides().get(code % 64 - 1);
        ready = true;
        return true;
    }

    /** The prompt and rule of the decision in front, fetched only for people and errors. */
    private void describe() {
        if (promptKnown) return;
        org.graalvm.polyglot.Value p = rules.call("currentPrompt");
        prompt = p.isNull() ? null : p.asString();
        org.graalvm.polyglot.Value r = rules.call("currentRule");
        Frame f = top();
        rule = !r.isNull() ? r.asString() : f.node == null ? null : nodes.get(f.node).rule();
        promptKnown = true;
    }

    private void activationChoice(Frame f, JsonNode a) {
        if (a.path("do").asText().equals("end")) {
            pop();
            return;
        }
        Node n = nodes.get(f.node);
        for (Node imp : n.children()) {
            if (imp.name().equals(a.path("impulse").asText())) {
                if (imp.kind() == Node.Kind.STEP_RUN) rules.call("run", imp.run().section(), imp.run().export());
                else stack.add(Frame.of(imp.id(), imp.label() != null ? imp.label() : imp.name()));
                return;
            }
        }
        throw new IllegalStateException("impulse " + a + " not in " + n.name());
    }

    // ---- control calls from scripts --------------------------------------------------------------

    @Override
    public int die(int sides) {
        if (firstRoll == NO_ROLL_YET) firstRoll = rolling;
        return dice.die(sides);
    }

    @Override
    public void done() { doneCalled = true; }

    @Override
    public void push(String section, String state, String argsJson, String label) {
        if (!system.sections().containsKey(section)) throw new RuleError(null, "interrupt names section \"" + section + "\", which this system does not have");
        stack.add(Frame.interrupt(section, state, argsJson, label));
        ready = false;
    }

    @Override
    public void gameOver(String resultJson) {
        result = Json.read(resultJson);
        if (!result.isObject()) result = Json.object().set("result", result);
    }

    // ---- where we are ------------------------------------------------------------------------------

    public int turn() { return turn; }

    private void setTurn(int t) {
        turn = t;
        rules.call("setTurn", t);
    }

    public List<String> breadcrumb() {
        List<String> out = new ArrayList<>();
        for (Frame f : stack) {
            if (ROOT.equals(f.node)) continue;
            Node n = f.node == null ? null : nodes.get(f.node);
            if (n != null && n.kind() == Node.Kind.TURNS) out.add(f.label + " " + f.iter);
            else if (n != null && n.kind() == Node.Kind.PLAYER_TURNS) out.add(f.label + " " + f.sides.get(f.iter));
            else if (n != null && n.describe() != null) out.add(described(n, f.label));
            else out.add(f.label);
        }
        return out;
    }

    /** What the node's describe export says of it now (the drawn formation of an activation, say), or its label. */
    private String described(Node n, String label) {
        JsonNode d = Json.read(rules.callString("query", n.describe().section(), n.describe().export(), "null"));
        return d.isTextual() && !d.asText().isBlank() ? d.asText() : label;
    }

    /** "turn 3, game-turn 3 > player-turn red > combat, state 1a2b3c4d" for error messages. */
    public String position() {
        String hash;
        try {
            hash = stateHash().substring(0, 12);
        } catch (RuntimeException e) {
            hash = "unavailable";
        }
        return "turn " + turn() + ", " + String.join(" > ", breadcrumb()) + ", after " + actions.size() + " actions, state " + hash;
    }

    /** The rules' state as JSON (the object scripts call ctx.state). */
    public String stateJson() {
        attach();
        return rules.callString("snapshot");
    }

    /**
     * What {@code side} may know of the state, as JSON: the system's view (system.yaml {@code view}),
     * hidden pieces as they look from outside, every piece whole; the state itself for the designer
     * (null) and in a system without a view, where everything is public.
     */
    public String stateJsonFor(String side) {
        if (side == null || !system.hasView()) return stateJson();
        attach();
        return rules.callString("viewJson", side);
    }

    /** The side to act's view of the state, as JSON: what a bot may read. */
    @Override
    public String viewJson() { return stateJsonFor(toAct()); }

    /**
     * What {@code side} may not know now (system.yaml {@code secrets}): {piece id: [field, ...]}, where
     * the field "id" means the piece's identity; {} in a system that declares none.
     */
    public JsonNode secrets(String side) {
        if (system.secrets() == null) return Json.object();
        attach();
        return Json.read(rules.callString("secretsJson", side));
    }

    /**
     * The fixed fields of the pieces (system.yaml {@code fixed-piece-fields}) as JSON, {id: {field:
     * value}}: they stay out of {@link #stateJson()}, so a reader that wants whole pieces lays a
     * piece's own fields over these. {} when the system declares none.
     */
    public String pieceTemplatesJson() {
        attach();
        return rules.callString("templatesJson");
    }

    /**
     * The values the state leaves out of a templated piece's fields (system.yaml {@code
     * piece-field-defaults}) as JSON, {field: value}: a reader lays a piece's own fields over its
     * template and these. {} when the system declares none.
     */
    public String pieceDefaultsJson() {
        return Json.write(system.pieceFieldDefaults());
    }

    /** sha256 over the rules' state, the control stack, the dice and the result: equal iff the games are equal. */
    public String stateHash() {
        StringBuilder sb = new StringBuilder(4096);
        sb.append("{\"dice\":[").append(dice.state()).append(',').append(dice.rolls()).append("],\"frames\":")
                .append(Json.write(stack)).append(",\"result\":").append(result == null ? "null" : Json.write(result))
                .append(",\"state\":").append(stateJson()).append('}');
        return Json.sha256(sb.toString());
    }

    /** Trace entries since the last call (kept only when tracing is on). */
    private List<JsonNode> drain() {
        if (!keepTrace) {
            rules.call("clearTrace");
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        JsonNode arr = Json.read(rules.callString("drain"));
        arr.forEach(out::add);
        return out;
    }

    /** Trace entries of the setup and the walk to the first decision. */
    public List<JsonNode> startEvents() { return drain(); }

    /** The system's declared invariants, checked now: the violated ones, in words. */
    public List<String> invariantViolations() {
        Ref inv = system.invariants();
        if (inv == null) return List.of();
        attach();
        JsonNode r = Json.read(rules.callString("call", inv.section(), inv.export(), "null"));
        List<String> out = new ArrayList<>();
        if (r.isArray()) r.forEach(x -> out.add(x.asText()));
        return out;
    }

    /** Index of the action a scripted bot picks among the legal ones (on the side's view, in a system with one). */
    @Override
    public int scriptBotChoice(Ref bot, String side) {
        attach();
        prepare();
        int i = rules.callInt("botChoice", bot.section(), bot.export(), side);
        if (i == PROPOSED) return i;
        if (i < 0 || i >= choices) {
            String rejected = rules.callString("rejectedJson");
            throw new RuleError(bot.toString(), "the bot chose an action that is not among the " + choices + " legal ones and that the decision does not accept"
                    + (rejected == null || rejected.equals("null") ? "" : ": " + rejected));
        }
        return i;
    }

    /**
     * An overlay the system declares ({@code overlays:} in system.yaml): {@code section.export(ctx, args)}
     * returning {hex: value} for the inspector to paint (zones of control, supply, reach, ...).
     */
    public JsonNode overlay(String name, JsonNode args) { return overlay(name, args, null); }

    /** The overlay as {@code side} may see it: asked on the side's view (the designer, null, asks the state). */
    public JsonNode overlay(String name, JsonNode args, String side) {
        Ref r = system.overlays().get(name);
        if (r == null) throw new hexlab.kernel.error.InputException(null, 0, 0, "no overlay \"" + name + "\" in " + system.id() + " (overlays: " + String.join(", ", system.overlays().keySet()) + ")");
        attach();
        String a = Json.write(args == null ? Json.MAPPER.nullNode() : args);
        return Json.read(side == null || !system.hasView() ? rules.callString("query", r.section(), r.export(), a) : rules.callString("queryAs", side, r.section(), r.export(), a));
    }

    /**
     * An off-map display ({@code displays:} in system.yaml) as {@code side} may see it: asked on the
     * side's view (the designer, null, asks the state). Its answer is the section's: by convention
     * {@code {title, rule, boxes: [{label, rule, pieces: [id...], note}]}}.
     */
    public JsonNode display(String name, String side) {
        Ref r = system.displays().get(name);
        if (r == null) throw new hexlab.kernel.error.InputException(null, 0, 0, "no display \"" + name + "\" in " + system.id() + " (displays: " + String.join(", ", system.displays().keySet()) + ")");
        attach();
        return Json.read(side == null || !system.hasView() ? rules.callString("query", r.section(), r.export(), "null") : rules.callString("queryAs", side, r.section(), r.export(), "null"));
    }

    /**
     * The system's combat preview ({@code preview:} in system.yaml), asked as {@code side} (on its view;
     * null: the designer, on the state): {@code section.export(ctx, args)} for the attack being
     * composed ({@code args} {}) or a candidate one ({@code args} {hex, attackers}), or null when
     * there is nothing to preview. It rolls no die and changes nothing; the entries it traces come
     * back as its {@code trace} (filtered for {@code side}) and never reach the game's log.
     */
    public JsonNode preview(JsonNode args, String side) {
        Ref r = system.preview();
        if (r == null) throw new hexlab.kernel.error.InputException(null, 0, 0, system.id() + " declares no combat preview (system.yaml preview: <section>.<export>)");
        attach();
        String a = Json.write(args == null ? Json.object() : args);
        JsonNode p = Json.read(rules.callString("preview", side == null || !system.hasView() ? null : side, r.section(), r.export(), a));
        if (p instanceof com.fasterxml.jackson.databind.node.ObjectNode o && o.get("trace") instanceof ArrayNode t && side != null && system.hasView()) {
            List<JsonNode> kept = new ArrayList<>();
            t.forEach(kept::add);
            o.set("trace", Json.MAPPER.valueToTree(Visibility.forSide(kept, side)));
        }
        return p;
    }

    /** The scenario metrics the system exports ({@code metrics:} in system.yaml), e.g. the turn a fortress fell. */
    public JsonNode metrics() {
        Ref r = system.metrics();
        if (r == null) return Json.object();
        attach();
        return Json.read(rules.callString("call", r.section(), r.export(), "null"));
    }

    /**
     * The console's expression evaluated in this game's context, as "length:text" (the text cut at
     * {@code maxChars}), on {@code side}'s view when the system has one and a side is given (null:
     * the designer's, the whole state); see {@link Console}, which keeps it away from a game in play.
     */
    String evaluate(String expr, int maxChars, String side) {
        attach();
        return rules.callString("evaluateCut", expr, maxChars, side == null || !system.hasView() ? null : side);
    }

    /** Rule usage counts of this context since the last reset: table, option, erratum, rule keys. */
    public JsonNode usage() { return Json.read(rules.callString("usageJson")); }

    /** A copy of everything that changes, to go back to later (undo, branch). */
    public Snapshot snapshot() {
        List<Frame> frames = new ArrayList<>();
        for (Frame f : stack) frames.add(f.copy());
        return new Snapshot(stateJson(), frames, dice.state(), dice.rolls(), result, List.copyOf(actions), seeking, seekSide, turn);
    }

    public void restore(Snapshot s) {
        attach();
        rules.call("restore", s.state());
        stack.clear();
        for (Frame f : s.frames()) stack.add(f.copy());
        dice = new Dice(s.diceState(), s.diceRolls());
        result = s.result();
        actions.clear();
        actions.addAll(s.actions());
        seeking = s.seeking();
        turn = s.turn();
        // a position before any roll still has its opening open; past a roll, only this game's own
        // first roll, if the position is past it, says where the opening ended: else none is claimed
        rolling = actions.size();
        if (s.diceRolls() == 0) firstRoll = NO_ROLL_YET;
        else if (firstRoll < 0 || firstRoll > actions.size()) firstRoll = SET_UP;
        seekSide = s.seekSide();
        ready = false;
        acting = 0;
        actingOn = null;
    }

    /** Everything that changes in a game, frozen. */
    public record Snapshot(String state, List<Frame> frames, long diceState, long diceRolls, JsonNode result,
                           List<JsonNode> actions, String seeking, boolean seekSide, int turn) {}

    /**
     * The control stack, outermost first, read-only: the inspector tells a frame still running from
     * one entered again (the next pass of a repeat) by identity, which the frames' JSON cannot show.
     */
    public List<Frame> frames() { return java.util.Collections.unmodifiableList(stack); }

    /** The JSON array of the control stack (for saves and the inspector). */
    public ArrayNode framesJson() { return Json.MAPPER.valueToTree(stack); }
}
