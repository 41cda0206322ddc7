// Async boundary: shared singletons (react, router, stores) are negotiated before bootstrap runs.
import('./bootstrap');
