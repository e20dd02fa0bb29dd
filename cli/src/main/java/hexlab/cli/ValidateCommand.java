package hexlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.check.Validator;
import hexlab.kernel.util.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "validate", description = "Check systems' tables, schemas, scripts, errata and scenarios; every problem as file:line:col: message.")
final class ValidateCommand implements Callable<Integer> {
    @Mixin Common common;

    @Parameters(arity = "0..1", paramLabel = "PATH", description = "A system id or folder, a YAML file, or nothing for every system.")
    String path;

    @Override
    public Integer call() {
        Kernel k = common.kernel();
        List<Validator.Problem> problems = new Validator(k.catalog()).validate(path);
        if (common.json) {
            ObjectNode o = Json.object();
            o.put("ok", problems.isEmpty());
            var arr = o.putArray("problems");
            problems.forEach(p -> arr.addObject().put("where", p.where()).put("message", p.message()));
            common.printJson(o);
        } else {
            problems.forEach(p -> common.out().println(p.describe()));
            common.out().println(problems.isEmpty() ? "ok" : problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
            common.out().flush();
        }
        return problems.isEmpty() ? ExitCode.OK : ExitCode.INPUT;
    }
}
