export interface BackendIds {
    workflowRunBackendId: string;
    workflowJobRunBackendId: string;
}
export declare function backendIdsFromToken(token: string): BackendIds;
