package hexlab.inspector;

/** A request the inspector cannot serve, with the HTTP status that says why (400 malformed, 404 unknown, 409 not now). */
final class ApiError extends RuntimeException {
    private final int status;

    ApiError(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() { return status; }

    static ApiError bad(String message) { return new ApiError(400, message); }

    static ApiError notFound(String message) { return new ApiError(404, message); }

    static ApiError conflict(String message) { return new ApiError(409, message); }
}
